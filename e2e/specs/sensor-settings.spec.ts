import fs from 'node:fs';
import { type RunningSimulator, startSimulator } from '@vigil/simulator';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { apiCall, apiLogin, SEEDED_PASSWORD } from '../fixtures/api-seed';
import { screenshot, signIn, useBrowser } from '../fixtures/browser';
import {
  addSimulatedDevice,
  addSitePerson,
  type DeviceItem,
  seedManagedSite,
} from '../fixtures/managed-site';

type Seeded = {
  email: string;
  /** A person with the site's 'User' permission: no edit access (M section 6). */
  userEmail: string;
  manager: string;
  device: DeviceItem;
  udfDevice: DeviceItem;
  udfId: string;
  simulator: RunningSimulator;
};

const isPath = (path: string) => (url: URL) => url.pathname === path;
const pad = (value: number) => String(value).padStart(2, '0');

/** The first day of this month as the historical page's default search shows it. */
function startOfMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-01`;
}

/** A client with one site, a Manager and a User there, a simulated ETH-NODE-2 (0006) and an F500-UDF, over HTTP. */
async function seedManagedEthNode(): Promise<Seeded> {
  const place = { title: 'Kiln Yard', address: '4 Kiln Lane', timezone: 'UTC' };
  const managed = await seedManagedSite(place, { fullName: 'Sam Settings', phone: '+44 1482 555 013' });
  const { site, email } = managed;
  const userEmail = await addSitePerson(
    managed,
    { ...site, address: place.address },
    { fullName: 'Uma Viewer', phone: '+44 1482 555 014', permission: 'User' },
  );
  const manager = await apiLogin(email, SEEDED_PASSWORD);
  const node = await addSimulatedDevice(manager, site.id, {
    prefix: 'SET',
    deviceType: '0006',
    title: 'Kiln Node',
  });
  // An F500-UDF beside it, for the degrees and network names of Edit Sensor Names.
  const udf = await addSimulatedDevice(manager, site.id, {
    prefix: 'UDF',
    deviceType: 'F500-UDF',
    title: 'Kiln UDF',
  });
  const simulator = await startSimulator({
    devices: [node.identity, udf.identity],
    transport: { kind: 'http', baseUrl: inject('baseUrl') },
    scenarioChance: 0,
  });
  const device = node.device;
  await apiCall('POST', `devices/${device.id}/select/`, manager);
  await apiCall('POST', `devices/${device.id}/select/`, await apiLogin(userEmail, SEEDED_PASSWORD));
  return { email, userEmail, manager, device, udfDevice: udf.device, udfId: node.identity.udfId, simulator };
}

/** Picks an option of the open antd Select by its exact text. */
async function chooseOption(page: Page, text: string): Promise<void> {
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${text}"]`).click();
}

/** Types into an antd date or time picker (the test id sits on its input) and confirms, as with a keyboard. */
async function typeIntoPicker(page: Page, testId: string, text: string): Promise<void> {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}

/** Records in the device's history from the start of the month (the list page's default search). */
async function recordCount(seeded: Seeded): Promise<number> {
  const timestamp = encodeURIComponent(`${startOfMonth()} 00:00:00`);
  const records = await apiCall<{ count: number }>(
    'GET',
    `devices/${seeded.device.id}/historical/records/?timestamp=${timestamp}&limit=1`,
    seeded.manager,
  );
  return records.count;
}

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await page.getByTestId('dashboard-title').waitFor();
}

/** A 1440 px page signed in as the seeded Manager; a failing test leaves a screenshot of where it stopped. */
async function signedInPage(
  browser: ReturnType<typeof useBrowser>,
  name: string,
  email = seeded.email,
): Promise<Page> {
  const page = await browser.newPage({ width: 1440, height: 1000 });
  onTestFailed(async () => {
    await screenshot(page, `sensor-settings-failed-${name}`);
  });
  await signIn(page, email, SEEDED_PASSWORD);
  await page.waitForURL((url) => url.pathname !== '/');
  return page;
}

let seeded: Seeded;

describe('historical data, warnings and sensor settings', () => {
  const browser = useBrowser();

  beforeAll(async () => {
    seeded = await seedManagedEthNode();
  });

  afterAll(async () => {
    await seeded?.simulator.stop();
  });

  it('searches historical data from the modal, lists the records in three tables and opens a snapshot', async () => {
    // A record is stored per minute and on every change of the top Status: an alarm and its clearing make
    // three records without waiting minutes.
    const door = `${seeded.udfId}.digital.2`;
    await expect.poll(() => recordCount(seeded)).toBeGreaterThanOrEqual(1);
    const before = await recordCount(seeded);
    seeded.simulator.forceAlarm(door);
    await expect.poll(() => recordCount(seeded)).toBeGreaterThan(before);
    seeded.simulator.clearAlarm(door);
    await expect.poll(() => recordCount(seeded)).toBeGreaterThanOrEqual(3);
    const page = await signedInPage(browser, 'historical');
    await openDashboard(page);

    await page.getByRole('tab', { name: 'Historical' }).click();
    const modal = page.getByRole('dialog', { name: 'Historical Data' });
    await modal.waitFor();
    const search = page.getByTestId('historical-search');
    expect(await search.isDisabled()).toBe(true);
    await page.getByTestId('historical-modal-hint').getByText('Please select date before!').waitFor();
    await typeIntoPicker(page, 'historical-modal-date', startOfMonth());
    await page.getByTestId('historical-modal-hint').getByText('Please select time before!').waitFor();
    expect(await search.isDisabled()).toBe(true);
    await typeIntoPicker(page, 'historical-modal-time', '00:00');
    await expect.poll(() => search.isDisabled()).toBe(false);
    await screenshot(page, 'historical-modal-1440');
    await search.click();
    await page.waitForURL(isPath(`/dashboard/historical/${startOfMonth()}&00:00`));

    for (const index of [0, 1, 2]) {
      await page
        .getByTestId(`historical-table-${index}`)
        .locator('a[data-testid^="historical-record-"]')
        .first()
        .waitFor();
    }
    await expect(page.getByTestId('historical-count').innerText()).resolves.toMatch(
      new RegExp(`records from ${startOfMonth()} 00:00:00`),
    );
    await screenshot(page, 'historical-list-1440');

    // The default search (no date in the address) is the start of the month as well.
    await page.goto('/dashboard/historical');
    await expect.poll(() => page.getByTestId('historical-page-date').inputValue()).toBe(startOfMonth());
    const first = page
      .getByTestId('historical-table-0')
      .locator('a[data-testid^="historical-record-"]')
      .first();
    await first.waitFor();
    const timestamp = await first.innerText();
    const href = (await first.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/dashboard\/historical\/snapshot\/[^?]+\?record=\d+$/);

    await page.setViewportSize({ width: 900, height: 1000 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(900);
    await screenshot(page, 'historical-list-900');

    // A time after every record: the spec's empty text.
    await page.goto('/dashboard/historical/2099-01-01&00:00');
    await page.getByText('Historical list is empty!').waitFor();

    await page.goto('/dashboard/historical');
    await first.click();
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/historical/snapshot/'));
    expect(new URL(page.url()).searchParams.get('record')).toMatch(/^\d+$/);
    await page
      .getByTestId('snapshot-banner')
      .getByText(`Snapshot date/time: ${timestamp}`, { exact: false })
      .waitFor();
    await screenshot(page, 'historical-snapshot-900');
    await page.context().close();
  });

  it('adds a warning on Edit Warnings and shows it in the Warnings modal', async () => {
    const page = await signedInPage(browser, 'warnings');
    await openDashboard(page);

    await page.getByTestId('dashboard-settings').click();
    await page.getByRole('menuitem', { name: 'Warnings' }).click();
    const modal = page.getByRole('dialog', { name: 'Warnings' });
    await modal.getByText('There are no warnings for this device').waitFor();
    await modal.getByRole('button', { name: 'ADD' }).click();
    await page.waitForURL(isPath('/dashboard/edit/warnings'));

    await page.getByTestId('warning-add').click();
    await page.getByTestId('warnings-save').click();
    for (const text of ['Please select your sensor', 'Please select...', 'Please input your value']) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    await screenshot(page, 'warnings-edit-invalid-1440');
    await page.getByTestId('warning-sensor-0').click();
    await chooseOption(page, 'NTC 1');
    await page.getByTestId('warning-sign-0').click();
    await chooseOption(page, '>');
    await page.getByLabel('Value 1').fill('95.5');
    await page.getByLabel('Delay seconds 1').fill('10');
    await page.setViewportSize({ width: 900, height: 1000 });
    await screenshot(page, 'warnings-edit-900');
    await page.getByTestId('warnings-save').click();
    await page.waitForURL(isPath('/dashboard'));

    await page.getByTestId('dashboard-settings').click();
    await page.getByRole('menuitem', { name: 'Warnings' }).click();
    const list = page.getByTestId('warnings-list');
    await list.getByText('NTC 1', { exact: true }).waitFor();
    await expect(list.locator('tr.ant-table-row').first().innerText()).resolves.toMatch(
      /NTC 1\s+>\s+95\.5\s+°C/,
    );
    await modal.getByRole('button', { name: 'MODIFY' }).waitFor();
    await screenshot(page, 'warnings-modal-900');
    await page.context().close();
  });

  it('renames a sensor, exports the names as CSV and imports a good file and a refused one', async () => {
    const { udfId, device } = seeded;
    const probe = `${udfId}.ntc.1`;
    const second = `${udfId}.ntc.2`;
    const page = await signedInPage(browser, 'names');
    await openDashboard(page);
    await page.getByTestId('dashboard-settings').click();
    await page.getByRole('menuitem', { name: 'Sensor Names' }).click();
    await page.waitForURL(isPath('/edit/sensor/names'));

    // M section 5: at most 60 characters.
    const probeInput = page.getByTestId(`sensor-name-${probe}`);
    await probeInput.fill('x'.repeat(70));
    await expect(probeInput.inputValue()).resolves.toHaveLength(60);
    await probeInput.fill('Kiln Probe');
    await screenshot(page, 'sensor-names-1440');
    await page.getByTestId('sensor-settings-save').click();
    await page.waitForURL(isPath('/dashboard'));
    // The dashboard shows the custom name on the sensor's card.
    await expect.poll(() => page.getByTestId(`sensor-${probe}`).innerText()).toContain('Kiln Probe');
    await page.goto('/edit/sensor/names');
    await expect.poll(() => page.getByTestId(`sensor-name-${probe}`).inputValue()).toBe('Kiln Probe');

    // Export: the spec's file name; the file lists the new name.
    const download = page.waitForEvent('download');
    await page.getByTestId('sensor-names-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`sensor_names_0006_${device.id}.csv`);
    const csv = fs.readFileSync(await file.path(), 'utf8');
    expect(csv).toContain('Kiln Probe');

    // A good file is applied and the form shows it; a refused one names its row and changes nothing.
    const upload = page.locator('input[type="file"]');
    await upload.setInputFiles({
      name: 'names.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`sensor_id,name\r\n${second},Quench Probe\r\n`),
    });
    await page.getByText('Sensor names imported').waitFor();
    await expect.poll(() => page.getByTestId(`sensor-name-${second}`).inputValue()).toBe('Quench Probe');
    await upload.setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`sensor_id,name\r\n${second},Fine\r\n${udfId}.nowhere.9,Ghost\r\n`),
    });
    const refused = page.getByTestId('sensor-names-import-error');
    await refused.waitFor();
    await expect(refused.innerText()).resolves.toMatch(/Row 3/);
    await page.goto('/edit/sensor/names');
    await expect.poll(() => page.getByTestId(`sensor-name-${second}`).inputValue()).toBe('Quench Probe');
    await page.setViewportSize({ width: 900, height: 1000 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(900);
    await screenshot(page, 'sensor-names-900');

    // The other two settings screens of an ETH-NODE-2.
    await page.goto('/edit/sensor/types');
    await page.getByTestId('sensor-types-form').waitFor();
    await screenshot(page, 'sensor-types-900');
    await page.goto('/edit/sensor/images');
    await page.getByTestId('sensor-images-form').waitFor();
    await page.getByTestId(`sensor-image-${probe}`).click();
    await chooseOption(page, 'Temperature probe');
    await screenshot(page, 'sensor-images-900');
    await page.getByTestId('sensor-settings-save').click();
    await page.waitForURL(isPath('/dashboard'));
    await page.goto('/edit/sensor/images');
    await expect
      .poll(() => page.getByTestId(`sensor-image-${probe}`).innerText())
      .toContain('Temperature probe');
    await page.context().close();
  });

  it('a person without edit access is told so on Edit Warnings and sent from Sensor Images to the dashboard', async () => {
    const page = await signedInPage(browser, 'no-edit', seeded.userEmail);
    await openDashboard(page);
    await page.goto('/dashboard/edit/warnings');
    await page
      .getByTestId('warnings-no-permission')
      .getByText('You do not have permission to edit warnings!')
      .waitFor();
    expect(await page.getByTestId('warnings-form').count()).toBe(0);
    await screenshot(page, 'warnings-no-permission-1440');
    await page.goto('/edit/sensor/images');
    await page.waitForURL(isPath('/dashboard'));
    await page.context().close();
  });

  it('an F500-UDF needs degrees (F or C) and names its networks 1-4', async () => {
    await apiCall('POST', `devices/${seeded.udfDevice.id}/select/`, seeded.manager);
    const page = await signedInPage(browser, 'udf');
    await page.goto('/edit/sensor/names');
    await page.getByTestId('sensor-names-form').waitFor();
    await page.getByTestId('sensor-settings-save').click();
    await page.getByText('Please select degrees', { exact: true }).waitFor();
    await screenshot(page, 'sensor-names-udf-1440');
    await page.getByTestId('sensor-names-degrees').click();
    await chooseOption(page, 'C');
    await page.getByLabel('Network 2', { exact: true }).fill('South Leg');
    await page.getByTestId('sensor-settings-save').click();
    await page.waitForURL(isPath('/dashboard'));
    await page.goto('/edit/sensor/names');
    await expect.poll(() => page.getByLabel('Network 2', { exact: true }).inputValue()).toBe('South Leg');
    await expect(page.getByTestId('sensor-names-degrees').innerText()).resolves.toBe('C');
    await page.context().close();
  });
});
