import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, uniqueTag } from '../fixtures/api-seed';
import { DEMO, screenshot, signIn, useBrowser } from '../fixtures/browser';
import { apiV2Call } from '../fixtures/visual-dashboard-scene';
import { pollUntil } from '../fixtures/wait';

/** The demo's WDC4 (a bucket-elevator monitor: Alignment:Head, Alignment:Tail, Speed, Temperature, Plug). */
const DEVICE = 'Conveyor WDC4';

type SensorItem = {
  id: string;
  name: string;
  group_name: string;
  device: { id: number; name: string };
  is_state_sensor: boolean;
};

let siteId = 0;
let sensors: SensorItem[] = [];
let token = '';

/** The demo WDC4's site and its sensors, once its first tree has arrived. */
async function findDevice(): Promise<void> {
  token = await apiLogin(DEMO.superuser);
  const { results } = await apiCall<{ results: Array<{ title: string; location: number }> }>(
    'GET',
    'devices/all/?limit=100',
    token,
  );
  const device = results.find((item) => item.title === DEVICE);
  if (device === undefined) {
    throw new Error(`the demo has no ${DEVICE}`);
  }
  siteId = device.location;
  sensors = await pollUntil(async () => {
    const found = await apiV2Call<SensorItem[]>('GET', `search-sensor/?location=${siteId}`, token);
    const own = found.filter((item) => item.device.name === DEVICE);
    return own.length > 0 ? own : undefined;
  }, `${DEVICE} has reported no tree`);
}

function sensorNamed(name: string): SensorItem {
  const found = sensors.find((item) => item.name === name);
  if (found === undefined) {
    throw new Error(`${DEVICE} has no sensor '${name}'`);
  }
  return found;
}

/** Waits until the page's transitions (a dropdown closing, a button turning enabled) have ended. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/**
 * Signs in, opens a new schema's editor, drops a bucket elevator and opens 'Bind from device…' on it: from the offer
 * that placing it makes (`byOffer`), or from the machine's own button.
 */
async function openTemplate(page: Page, byOffer = true): Promise<void> {
  await signIn(page, DEMO.superuser);
  await page.getByTestId('nav-visual-dashboard').waitFor();
  await page.goto(`/visual-dashboard/site/${siteId}/schemas/`);
  await page.getByRole('button', { name: /Add new schema/ }).click();
  await page.getByRole('heading', { name: 'Editor: Create' }).waitFor();
  await page
    .getByTestId('palette-Bucket Elevator')
    .dragTo(page.getByTestId('editor-canvas'), { targetPosition: { x: 140, y: 60 } });
  await page.getByPlaceholder('Machine name').fill('Leg 7');
  const offer = page.getByTestId('template-offer');
  await expect(offer.textContent()).resolves.toContain('Bucket Elevator placed');
  if (byOffer) {
    await offer.getByRole('button', { name: 'Bind from device…' }).click();
    await offer.waitFor({ state: 'detached' });
  } else {
    await offer.getByRole('button', { name: 'Close' }).click();
    await offer.waitFor({ state: 'detached' });
    await page.locator('.vd-machine').getByRole('button', { name: 'Bind from device…' }).click();
  }
  await page.getByTestId('bind-from-device').waitFor();
  await page.getByRole('combobox', { name: 'Device' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: DEVICE }).click();
  await page.getByText('Proposed', { exact: true }).first().waitFor();
  await settled(page);
}

/** What a point's row shows: its label, its select's sensor and where that comes from (Proposed, Changed). */
async function row(page: Page, point: number): Promise<string> {
  return (await page.getByTestId(`template-point-${point}`).textContent()) ?? '';
}

describe('editor templates: bind a machine from a device (issue 25)', () => {
  const browser = useBrowser();

  beforeAll(findDevice);

  it('proposes a sensor per point from the WDC4, takes a change, binds them, saves, and the live view shows them', async () => {
    const page = await browser.newPage({ width: 1440, height: 1000 });
    await openTemplate(page);
    await expect(row(page, 101)).resolves.toContain('Head Left Alignment — Alignment:Head');
    await expect(row(page, 103)).resolves.toContain('Tail Left Alignment — Alignment:Tail');
    await expect(row(page, 104)).resolves.toContain('Tail Left Bearing — Temperature');
    await expect(row(page, 106)).resolves.toContain('Plug Switch — Plug');
    await expect(row(page, 105)).resolves.toContain('Head Shaft Speed — Speed');
    await expect(row(page, 107)).resolves.toContain('Head Right Alignment — Alignment:Head');
    await expect(row(page, 110)).resolves.toContain('Tail Right Bearing — Temperature');
    // The running-state slot: the WDC4's 'Elevator State', the sensor the server marks as saying Running/Stopped.
    expect(sensors.filter((item) => item.is_state_sensor).map((item) => item.name)).toEqual([
      'Elevator State',
    ]);
    const state = page.getByTestId('template-state-sensor');
    await expect(state.textContent()).resolves.toContain('Elevator State — System');
    await state.getByText('Proposed', { exact: true }).waitFor();
    await screenshot(page, 'visual-dashboard-templates-1440');

    // The belt's speed is read at the boot: change the proposal to the tail shaft.
    await page.getByRole('combobox', { name: 'Belt Speed' }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Tail Shaft Speed' })
      .click();
    await expect(row(page, 105)).resolves.toContain('Tail Shaft Speed — Speed');
    await page.getByText('Changed', { exact: true }).waitFor();
    await settled(page);
    await screenshot(page, 'visual-dashboard-templates-changed-1440');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('bind-from-device').waitFor({ state: 'detached' });
    // The WDC4 watches the ten points of a bucket elevator: every one is bound.
    await expect(page.locator('.vd-sensor-point--bound').count()).resolves.toBe(10);
    // The node's state slot now names the sensor instead of 'Select state sensor'.
    await page.getByRole('button', { name: 'Elevator State — System — Conveyor WDC4' }).waitFor();
    await screenshot(page, 'visual-dashboard-templates-bound-1440');

    await page.getByTestId('schema-name').fill(`Templates ${uniqueTag()}`);
    await page.getByTestId('tab-name').fill('Legs');
    await page.getByRole('button', { name: 'SAVE' }).click();
    await page.waitForURL(/\/schemas\/\d+\/tabs\/\d+$/);
    const tabId = Number(new URL(page.url()).pathname.split('/').at(-1));
    const saved = await apiV2Call<{ machines: Array<{ system_state_sensor: string | null }> }>(
      'GET',
      `tabs/${tabId}/`,
      token,
    );
    expect(saved.machines.map((machine) => machine.system_state_sensor)).toEqual([
      sensorNamed('Elevator State').id,
    ]);
    const bound = ['Head Left Alignment', 'Tail Left Alignment', 'Tail Shaft Speed', 'Plug Switch'];
    for (const name of bound) {
      await page.getByTestId(`live-point-${sensorNamed(name).id}`).waitFor();
    }
    await expect(
      page.locator(`[data-testid="live-point-${sensorNamed('Head Shaft Speed').id}"]`).count(),
    ).resolves.toBe(0);
    await page.locator('[data-testid="live-diagram"][data-live="true"]').waitFor();
    await screenshot(page, 'visual-dashboard-templates-live-1440');
    await page.context().close();
  });

  it('fits a 900 px wide screen, and Cancel binds nothing', async () => {
    const page = await browser.newPage({ width: 900, height: 1000 });
    await openTemplate(page, false);
    await screenshot(page, 'visual-dashboard-templates-900');
    await page.getByTestId('bind-from-device').getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('bind-from-device').waitFor({ state: 'detached' });
    await expect(page.locator('.vd-sensor-point--bound').count()).resolves.toBe(0);
    await page.context().close();
  });
});
