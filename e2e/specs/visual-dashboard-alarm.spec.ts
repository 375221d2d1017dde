import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, screenshot, signIn, useBrowser } from '../fixtures/browser';
import { type AlarmScene, forceAlarm, seedAlarmScene } from '../fixtures/visual-dashboard-alarm-scene';

let scene: AlarmScene;

const livePath = (tabId = scene.tabId) =>
  `/visual-dashboard/site/${scene.siteId}/schemas/${scene.schemaId}/tabs/${tabId}`;

async function openLive(page: Page): Promise<void> {
  await signIn(page, DEMO.superuser);
  await page.getByTestId('nav-visual-dashboard').waitFor();
  await page.goto(livePath());
  await page.locator('[data-testid="live-diagram"][data-live="true"]').waitFor();
}

/** The Plug Switch's name as the tab names it (search-sensor may add an F500's node after ' · '). */
const plugName = () => scene.plug.name.split(' · ')[0] ?? scene.plug.name;

/** The first tab's elevator in a picture and blink state (data attributes of DiagramMachine). */
function leg(page: Page, picture: string, blinks: boolean) {
  return page.locator(
    `[data-testid="live-machine-${scene.legId}"][data-picture="${picture}"][data-blinks="${blinks}"]`,
  );
}

/** The CSS animation the machine runs (blinking), or 'none'. */
async function animationOf(page: Page): Promise<string> {
  return page
    .getByTestId(`live-machine-${scene.legId}`)
    .evaluate((element) => getComputedStyle(element).animationName);
}

/** Waits until the popover or modal holding `inside` has finished opening (its zoom animation). */
async function openedFully(inside: Locator): Promise<void> {
  await inside.evaluate(async (element) => {
    const popover = element.closest('.ant-popover, .ant-modal-root') ?? element;
    await Promise.all(popover.getAnimations({ subtree: true }).map((animation) => animation.finished));
  });
}

describe('visual dashboard: a machine turns to alarm and blinks, and a person acts from the picture (issue 25)', () => {
  const browser = useBrowser();

  beforeAll(async () => {
    scene = await seedAlarmScene();
  });
  afterAll(async () => scene?.simulator.stop());

  it('shows a running machine turn to alarm and blink when the simulator forces an alarm, and back when it clears', async () => {
    const page = await browser.newPage({ width: 1440, height: 900 });
    await openLive(page);
    // 'Elevator State' reads 'Running' and every bound sensor is OK: the running picture, still.
    await leg(page, 'running', false).waitFor();
    expect(await animationOf(page)).toBe('none');

    await forceAlarm(scene, 'POST', scene.plug.id);
    await leg(page, 'alarm', true).waitFor();
    await page.locator(`[data-testid="live-point-${scene.plug.id}"][data-state="Alarm"]`).waitFor();
    expect(await animationOf(page)).not.toBe('none');
    const picture = await page.locator(`[data-testid="live-machine-${scene.legId}"] img`).getAttribute('src');
    expect(picture).toMatch(/alarm/i);
    // The Active alarms list follows the picture, and the viewed tab is marked too.
    await page.getByTestId(`live-tab-alarm-${scene.tabId}`).waitFor();
    await page.getByTestId('live-active-alarms').getByText(plugName()).waitFor();
    await screenshot(page, 'visual-dashboard-alarm-1440');

    await forceAlarm(scene, 'DELETE', scene.plug.id);
    await leg(page, 'running', false).waitFor();
    expect(await animationOf(page)).toBe('none');
  });

  it("marks the other tab's title when its machine alarms, and a sensor point's panel leads to its graph", async () => {
    const page = await browser.newPage({ width: 1440, height: 900 });
    await openLive(page);
    await forceAlarm(scene, 'POST', scene.alignment.id);
    // The schema's Active alarms list (read again every 30 s) names the sensor the 'Tail' tab binds.
    const mark = page.getByTestId(`live-tab-alarm-${scene.secondTabId}`);
    await mark.waitFor();
    expect(await mark.getAttribute('aria-label')).toBe('Tail: 1 sensor in alarm');
    await expect(page.getByTestId(`live-tab-alarm-${scene.tabId}`).count()).resolves.toBe(0);
    await page.getByRole('img', { name: 'Tail: 1 sensor in alarm' }).waitFor();

    await page.getByTestId(`live-point-${scene.plug.id}`).click();
    const panel = page.getByTestId('live-sensor-panel');
    await panel.waitFor();
    const text = await panel.innerText();
    expect(text).toContain(plugName());
    expect(text).toContain(`Device: ${scene.plug.device.name}`);
    expect(text).toMatch(/Value: \S/);
    expect(text).toMatch(/State: \S/);
    await expect
      .poll(() => page.getByTestId('live-sensor-last-test').innerText())
      .toBe('Last maintenance test: Never tested');
    await panel.getByRole('button', { name: 'Start maintenance test' }).waitFor();
    // No active alarm on the Plug Switch: nothing to acknowledge.
    await expect(panel.getByRole('button', { name: 'Acknowledge' }).count()).resolves.toBe(0);
    await openedFully(panel);
    await screenshot(page, 'visual-dashboard-act-panel-1440');
    await page.setViewportSize({ width: 900, height: 1000 });
    await screenshot(page, 'visual-dashboard-act-panel-900');

    await panel.getByRole('button', { name: 'Open graph' }).click();
    await page.waitForURL((url) => url.pathname === `/graphs/${scene.plug.id}`);

    // The sensor in alarm offers to acknowledge it, with the notifications page's dialog.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(livePath(scene.secondTabId));
    await page.getByTestId(`live-point-${scene.alignment.id}`).click();
    await panel.getByRole('button', { name: 'Acknowledge' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Comment (optional)' });
    await dialog.getByText('Acknowledge Alarm Detected').waitFor();
    await dialog.getByLabel('Comment (optional)').fill('Belt realigned by the night shift');
    await openedFully(dialog);
    await screenshot(page, 'visual-dashboard-act-acknowledge-1440');
    await page.locator('#acknowledge-confirm').click();
    await dialog.waitFor({ state: 'hidden' });
    await forceAlarm(scene, 'DELETE', scene.alignment.id);
  });
});
