import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, screenshot, signIn, useBrowser } from '../fixtures/browser';
import { type LiveScene, seedLiveScene } from '../fixtures/visual-dashboard-scene';

const MODIFY_PUBLISHED = "It's not allowed to modify published schema!";
const LOST_CONNECTION = 'Live connection lost. Reconnecting… values shown may be out of date.';
const CANNOT_UNDO = "This action can't be undone. Do you want to continue?";

let scene: LiveScene;

const livePath = (tabId = scene.tabId) =>
  `/visual-dashboard/site/${scene.siteId}/schemas/${scene.schemaId}/tabs/${tabId}`;

/** Waits until a bound sensor's point shows a live state (it starts at 'No data'). */
async function waitForLiveState(page: Page, sensorId: string): Promise<string> {
  const point = page.getByTestId(`live-point-${sensorId}`);
  await point.waitFor();
  await page.waitForFunction((id) => {
    const element = document.querySelector(`[data-testid="live-point-${id}"]`);
    return element !== null && element.getAttribute('data-state') !== 'No data';
  }, sensorId);
  return (await point.getAttribute('data-state')) ?? '';
}

/** Waits until the page's finite animations (a modal opening, a menu closing) have ended; blinking runs on. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY ||
          animation.playState !== 'running',
      ),
  );
}

async function openSignedIn(page: Page, path: string): Promise<void> {
  await signIn(page, DEMO.superuser);
  await page.getByTestId('nav-visual-dashboard').waitFor();
  await page.goto(path);
}

describe('visual dashboard live views (M section 2 Schema details and Machine details)', () => {
  const browser = useBrowser();

  beforeAll(async () => {
    scene = await seedLiveScene();
  });

  it("opens a schema from its card: 'Live View: {name}', its machine and live sensor states", async () => {
    const page = await browser.newPage({ width: 1440, height: 900 });
    await openSignedIn(page, `/visual-dashboard/site/${scene.siteId}/schemas/`);
    await page.getByTestId(`schema-card-${scene.schemaId}`).click();
    await page.waitForURL((url) => url.pathname === livePath());
    await page.getByRole('heading', { name: `Live View: ${scene.schemaName}` }).waitFor();
    await page.getByText('Unpublished', { exact: true }).waitFor();
    await page.getByTestId(`live-machine-${scene.legId}`).waitFor();
    await expect(page.getByTestId('live-connector').count()).resolves.toBe(1);
    await page.getByText('Receiving pit').waitFor();
    const bound = scene.bound[0];
    if (bound === undefined) {
      throw new Error('no bound sensor');
    }
    const state = await waitForLiveState(page, bound.id);
    expect(state).not.toBe('No data');
    await page.locator('[data-testid="live-diagram"][data-live="true"]').waitFor();

    await screenshot(page, 'visual-dashboard-live-1440');
    // The tooltip names the sensor so a person can find it.
    await page.getByTestId(`live-point-${bound.id}`).hover();
    const tooltip = page.getByTestId('live-point-tooltip').first();
    await tooltip.waitFor();
    const text = await tooltip.innerText();
    // The tab names a sensor by its tree name; search-sensor/ adds the F500 node ('Name · Network 1 · Node 1').
    expect(text).toContain(bound.name.split(' · ')[0]);
    expect(text).toContain(`Device: ${bound.device.name}`);
    expect(text).toMatch(/Group: \S/);
    expect(text).toMatch(/State: \S/);
    await screenshot(page, 'visual-dashboard-live-tooltip-1440');
  });

  it('sends a tab id not in the schema to its first tab, and says when a schema does not exist', async () => {
    const page = await browser.newPage({ width: 1440, height: 900 });
    await openSignedIn(page, livePath(scene.tabId + 100_000));
    await page.waitForURL((url) => url.pathname === livePath());
    await page.getByRole('heading', { name: `Live View: ${scene.schemaName}` }).waitFor();
    await page.goto(`/visual-dashboard/site/${scene.siteId}/schemas/${scene.schemaId + 100_000}/tabs/1`);
    await page.getByText('This schema or tab does not exist').waitFor();
    await page.getByRole('link', { name: 'Back to the schemas list' }).click();
    await page.getByTestId('schemas-page').waitFor();
  });

  it('greys the diagram and says so while the live connection is lost, and recovers', async () => {
    const page = await browser.newPage({ width: 1440, height: 900 });
    let isDown = false;
    const open: Array<{ close: (options?: { code?: number; reason?: string }) => Promise<void> }> = [];
    // The tab's socket passes through to the server until it is cut; then every new attempt is refused.
    await page.routeWebSocket(/\/ws\/tab-devices-data\//, (socket) => {
      if (isDown) {
        void socket.close({ code: 1011, reason: 'down' });
        return;
      }
      socket.connectToServer();
      open.push(socket);
    });
    await openSignedIn(page, livePath());
    await page.locator('[data-testid="live-diagram"][data-live="true"]').waitFor();
    isDown = true;
    for (const socket of open.splice(0)) {
      await socket.close({ code: 1011, reason: 'down' });
    }
    await page.getByText(LOST_CONNECTION).waitFor();
    await page.locator('[data-testid="live-diagram"][data-live="false"]').waitFor();
    await screenshot(page, 'visual-dashboard-live-reconnecting-1440');
    isDown = false;
    await page.locator('[data-testid="live-diagram"][data-live="true"]').waitFor();
    await page.getByTestId('live-notice').waitFor({ state: 'detached' });
  });

  it('deletes a tab after two confirmations', async () => {
    const page = await browser.newPage({ width: 1440, height: 900 });
    await openSignedIn(page, livePath());
    await page.getByRole('button', { name: 'Delete tab Spare' }).click();
    const first = page.getByRole('dialog', { name: 'Are you sure you want to delete this tab?' });
    await first.waitFor();
    await first.getByRole('button', { name: 'Yes' }).click();
    const second = page.getByRole('dialog', { name: CANNOT_UNDO });
    await second.waitFor();
    await settled(page);
    await screenshot(page, 'visual-dashboard-delete-tab-1440');
    await second.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('The tab was deleted.').waitFor();
    await page.getByTestId(`live-tab-${scene.secondTabId}`).waitFor({ state: 'detached' });
    await page.getByTestId(`live-tab-${scene.tabId}`).waitFor();
  });

  it("publishes through Setting with a required comment, then edit offers a new version ('modify published')", async () => {
    const page = await browser.newPage({ width: 1440, height: 900 });
    await openSignedIn(page, livePath());
    await page.getByTestId('live-setting').click();
    await page.getByRole('menuitem', { name: 'Publish' }).click();
    await page.getByRole('dialog', { name: /^Publish/ }).waitFor();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('This field is required.').waitFor();
    await page.getByLabel('Comment').fill('First release of the receiving leg');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published', { exact: true }).waitFor();
    // Published: the Setting menu keeps only what a published schema allows.
    await page.getByTestId('live-setting').click();
    await page.getByRole('menuitem', { name: 'Show versions' }).waitFor();
    await expect(page.getByRole('menuitem', { name: 'Delete schema' }).count()).resolves.toBe(0);
    await page.getByRole('menuitem', { name: 'Show versions' }).click();
    const versions = page.getByRole('dialog', { name: 'Versions' });
    await versions.getByText(`${scene.schemaName} (viewing)`).waitFor();
    await versions.getByText('First release of the receiving leg').waitFor();
    await versions.getByRole('button', { name: 'Close' }).click();
    await versions.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Edit tab Receiving' }).click();
    await page.getByRole('dialog', { name: 'Create a new version' }).waitFor();
    await page.getByText(MODIFY_PUBLISHED, { exact: false }).first().waitFor();
    await settled(page);
    await screenshot(page, 'visual-dashboard-modify-published-1440');
    await page.getByRole('button', { name: 'Create new version' }).click();
    await page.waitForURL((url) => /\/schemas\/\d+\/tabs\/\d+\/edit$/.test(url.pathname));
    expect(page.url()).not.toContain(`/schemas/${scene.schemaId}/`);
  });

  it("opens a machine: 'Live View: Detailed View' with its widgets and live sensor values", async () => {
    const page = await browser.newPage({ width: 1440, height: 900 });
    await openSignedIn(page, livePath());
    await page.getByTestId(`live-machine-${scene.legId}`).click();
    await page.getByRole('heading', { name: 'Live View: Detailed View' }).waitFor();
    for (const widget of ['machine-info', 'machine-events', 'machine-sensors', 'machine-graphs']) {
      await page.getByTestId(widget).waitFor();
    }
    await page.getByText('Machine Sensors').waitFor();
    await page.getByText('24 Hours Graphs').waitFor();
    await page.getByRole('tab', { name: 'Active Alarms' }).waitFor();
    await page.getByRole('tab', { name: 'Maintenance' }).waitFor();
    const bound = scene.bound[0];
    if (bound === undefined) {
      throw new Error('no bound sensor');
    }
    await page.waitForFunction((id) => {
      const tag = document.querySelector(`[data-testid="machine-sensor-state-${id}"]`);
      return tag !== null && tag.textContent !== 'No data';
    }, bound.id);
    await page.getByText(bound.name).first().waitFor();
    if (scene.state !== null) {
      await page.getByRole('cell', { name: 'Running state' }).waitFor();
    }
    // The bound sensors' last 24 hours (the demo's history), drawn by the graphs page's chart.
    await page.locator('[data-testid="machine-graphs"] figure canvas').first().waitFor();
    await page.locator('[data-testid="machine-alarms"] .ant-table').waitFor();
    await page.getByTestId('machine-alarms-view-all').waitFor();
    await screenshot(page, 'visual-dashboard-machine-1440');

    await page.getByRole('tab', { name: 'Maintenance' }).click();
    const viewAll = page.getByTestId('machine-maintenance-view-all');
    expect(await viewAll.getAttribute('href')).toBe(
      `/notifications/site/${scene.siteId}?event_type=maintenance&tab=historical`,
    );
    await page.getByTestId('machine-back').click();
    await page.waitForURL((url) => url.pathname === livePath());
  });

  it('fits a tablet at 900 px: the alarms below the diagram, the machine widgets in one column', async () => {
    const page = await browser.newPage({ width: 900, height: 1000 });
    await openSignedIn(page, livePath());
    await page.getByTestId(`live-machine-${scene.legId}`).waitFor();
    await page.getByTestId('live-active-alarms').waitFor();
    // The connecting notice above the diagram goes once the socket is live: measure after it, both boxes at once.
    await page.locator('[data-testid="live-diagram"][data-live="true"]').waitFor();
    await page.getByTestId('live-notice').waitFor({ state: 'detached' });
    const layout = await page.evaluate(() => {
      const box = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect();
      return {
        diagramBottom: box('live-diagram')?.bottom ?? 0,
        alarmsTop: box('live-active-alarms')?.top ?? 0,
      };
    });
    expect(layout.alarmsTop).toBeGreaterThan(layout.diagramBottom - 1);
    await screenshot(page, 'visual-dashboard-live-900');
    await page.getByTestId(`live-machine-${scene.legId}`).click();
    await page.getByRole('heading', { name: 'Live View: Detailed View' }).waitFor();
    await page.getByTestId('machine-sensors').waitFor();
    await screenshot(page, 'visual-dashboard-machine-900');
  });
});
