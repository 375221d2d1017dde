import { startSimulator } from '@vigil/simulator';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  activate,
  apiCall,
  apiLogin,
  createClientAsAdmin,
  SEEDED_PASSWORD,
  uniqueTag,
} from '../fixtures/api-seed';
import { DEMO, screenshot, signIn, useBrowser } from '../fixtures/browser';
import { e2eServer } from '../fixtures/e2e-server';
import { seedManagedSite } from '../fixtures/managed-site';

const isPath = (path: string) => (url: URL) => url.pathname === path;

type SiteItem = { id: number; title: string };
type DeviceItem = { id: number; title: string };

/** Picks an option of an open antd Select by its exact text. */
async function chooseOption(page: Page, text: string): Promise<void> {
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${text}"]`).click();
}

/** Reloads the devices page until the card shows the state (the page shows what the server knows). */
async function waitForDeviceState(page: Page, deviceId: number, state: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto('/devices');
        return page.getByTestId(`device-state-${deviceId}`).innerText();
      },
      // A reload a second at most; the ceiling is the config's (a hang guard).
      { interval: 1_000 },
    )
    .toBe(state);
}

describe('devices', () => {
  const browser = useBrowser();

  it('a manager adds a provisioned device, sees it Offline, and deactivates and reactivates it', async () => {
    const { client, site, email } = await seedManagedSite({
      title: 'Dock Silo',
      address: '2 Dock Road',
      timezone: 'Europe/London',
    });
    const admin = await apiLogin(DEMO.superuser);
    const tag = uniqueTag().slice(-6).toUpperCase();
    const unit = { serial_number: `E2E-${tag}`, code: `code-${tag}`, device_type: '0300', udf_id: `W${tag}` };
    await apiCall('POST', 'hardware/', admin, unit);

    const page = await browser.newPage();
    await signIn(page, email, SEEDED_PASSWORD);
    await page.waitForURL(isPath('/sites'));
    await page.getByTestId(`site-card-${site.id}`).click();
    await page.waitForURL(isPath('/devices'));
    await page.getByRole('heading', { name: `${client.company} / ${site.title} - Devices` }).waitFor();
    await page.getByText('location is empty!').waitFor();
    await screenshot(page, 'devices-empty');

    // The add form: required messages, then a code that does not match the unit.
    await page.getByTestId('add-device').click();
    await page.waitForURL(isPath('/devices/add/device'));
    await page.getByRole('heading', { name: 'Add Device' }).waitFor();
    await page.getByTestId('device-save').click();
    for (const message of [
      'Please input your title',
      'Please input your serial number',
      'Please input your code',
      'Please select your type',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await page.getByLabel('Title').fill('Conveyor WDC4');
    await page.getByLabel('Serial number').fill(unit.serial_number);
    await page.getByLabel('Code').fill('not-the-code');
    await page.getByTestId('device-type').click();
    await chooseOption(page, 'WDC4');
    await page.getByLabel('UDF ID').waitFor();
    await expect(page.getByLabel('IP address').count()).resolves.toBe(0);
    await page.getByTestId('device-save').click();
    await page.getByText('Not a valid serial number or code!').waitFor();
    await screenshot(page, 'device-add-invalid');
    await page.getByLabel('Code').fill(unit.code);
    await page.getByTestId('device-save').click();
    await page.waitForURL(isPath('/devices'));
    await page.getByText('Device added successfully').waitFor();

    // devices/ is a plain array (wire-formats.md, the earlier browser client's shape).
    const devices = await apiCall<DeviceItem[]>('GET', `devices/?location=${site.id}`, admin);
    const deviceId = devices[0]?.id ?? 0;
    await expect(page.getByTestId(`device-state-${deviceId}`).innerText()).resolves.toBe('Offline');
    await expect(page.getByTestId(`device-card-${deviceId}`).innerText()).resolves.toContain(
      `UDF ${unit.udf_id}`,
    );
    await screenshot(page, 'devices-page');
    // An offline device does not open for a manager. A card that opens asks the server first (POST
    // devices/<id>/select/) and navigates only on its answer, so no such request means no navigation. The
    // click's handler starts its request before the page's next task runs; a marker request sent from that
    // task is reported after any request the handler started.
    const selects: string[] = [];
    const recordSelect = (request: Request) => {
      if (request.url().includes(`/devices/${deviceId}/select/`)) {
        selects.push(request.url());
      }
    };
    page.on('request', recordSelect);
    await page.getByTestId(`device-card-${deviceId}`).click();
    const marker = page.waitForRequest((request) => request.url().endsWith('/healthz?after=offline-card'));
    await page.evaluate(async () => {
      await fetch('/healthz?after=offline-card');
    });
    await marker;
    page.off('request', recordSelect);
    expect(selects).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/devices');

    // A device speaking the real protocol turns Active; when it stops it turns Offline again.
    const simulator = await startSimulator({
      devices: [
        { serialNumber: unit.serial_number, code: unit.code, deviceType: '0300', udfId: unit.udf_id },
      ],
      transport: { kind: 'mqtt', brokerUrl: e2eServer().mqttUrl },
      rate: 2,
    });
    await waitForDeviceState(page, deviceId, 'Active');
    await screenshot(page, 'devices-active');
    await simulator.stop();
    await waitForDeviceState(page, deviceId, 'Offline');

    // Deactivate and reactivate on the edit page, each after its confirmation.
    await page.getByTestId(`device-edit-${deviceId}`).click();
    await page.waitForURL(isPath(`/devices/edit/device/${deviceId}`));
    await page.getByRole('heading', { name: 'Edit Device' }).waitFor();
    await expect(page.getByLabel('UDF ID').inputValue()).resolves.toBe(unit.udf_id);
    await expect(page.getByText('Is emulated as').count()).resolves.toBe(0);
    await screenshot(page, 'device-edit');
    await page.getByTestId('device-suspend').click();
    await page.getByText('Please confirm you want to deactivate this device').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('button', { name: 'REACTIVATE DEVICE' }).waitFor();
    await page.getByText('Device deactivated').waitFor();
    await page.goto('/devices');
    await expect(page.getByTestId(`device-state-${deviceId}`).innerText()).resolves.toBe('Suspended');
    await screenshot(page, 'devices-suspended');
    await page.getByTestId(`device-edit-${deviceId}`).click();
    await page.getByTestId('device-suspend').click();
    await page.getByText('Please confirm you want to reactivate this device').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('button', { name: 'DEACTIVATE DEVICE' }).waitFor();

    // The remove dialog of A section 2 (cancelled: the device stays).
    await page.getByTestId('device-remove').click();
    await page.getByText('Please confirm you want to remove this device').waitFor();
    await screenshot(page, 'device-remove-dialog');
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/devices');
    await expect(page.getByTestId(`device-state-${deviceId}`).innerText()).resolves.toBe('Offline');
    await page.context().close();
  });

  it('with no site chosen, /devices asks for one and lists its devices once it is picked', async () => {
    const client = await createClientAsAdmin();
    await activate(client.email, SEEDED_PASSWORD);
    const accounts = await apiLogin(client.email, SEEDED_PASSWORD);
    const site = await apiCall<SiteItem>('POST', 'locations/', accounts, {
      title: `Quay Silo ${uniqueTag()}`,
      address: '3 Quay Road',
      timezone: 'Europe/London',
    });
    const tag = uniqueTag().slice(-6).toUpperCase();
    const unit = { serial_number: `NS-${tag}`, code: `code-${tag}`, device_type: '0300', udf_id: `N${tag}` };
    await apiCall('POST', 'hardware/', await apiLogin(DEMO.superuser), unit);
    await apiCall('POST', 'devices/', accounts, { ...unit, location: site.id, title: 'Quay WDC4' });

    const page = await browser.newPage();
    await signIn(page, client.email, SEEDED_PASSWORD);
    await page.waitForURL(isPath('/sites'));
    await page.goto('/devices');
    await page.getByTestId('devices-choose-site').getByText('please select a location first').waitFor();
    await expect(page.getByText('location is empty!').count()).resolves.toBe(0);
    await expect(page.getByTestId('add-device').count()).resolves.toBe(0);
    await screenshot(page, 'devices-no-site');

    await page.getByTestId('devices-site-picker').click();
    await chooseOption(page, site.title);
    await page.getByRole('heading', { name: `${client.company} / ${site.title} - Devices` }).waitFor();
    await page.getByText('Quay WDC4', { exact: true }).waitFor();
    await page.getByTestId('add-device').waitFor();
    await page.context().close();
  });

  it('the demo devices, driven by the simulator over MQTT, show as Active', async () => {
    const page = await browser.newPage();
    await signIn(page, DEMO.manager);
    await page.waitForURL(isPath('/sites'));
    await page.getByText('Main Elevator', { exact: true }).click();
    await page.waitForURL(isPath('/devices'));
    for (const title of ['Leg 1 Hazard Monitor', 'Dryer UDF Panel']) {
      await page.getByText(title, { exact: true }).waitFor();
    }
    // A section 5: the UDF id belongs to WDC4, ETH-NODE-1/2 and F500 UDF, not to the F500.
    const card = (title: string) => page.locator('[data-testid^="device-card-"]', { hasText: title });
    await expect(card('Leg 1 Hazard Monitor').innerText()).resolves.not.toContain('UDF');
    await expect(card('Dryer UDF Panel').innerText()).resolves.toContain('F500 UDF · UDF F5U00001');
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByText('Dryer UDF Panel', { exact: true }).waitFor();
          return page.locator('[data-testid^="device-state-"]').allInnerTexts();
        },
        // A reload a second at most; the ceiling is the config's (a hang guard).
        { interval: 1_000 },
      )
      .toEqual(['Active', 'Active']);
    await screenshot(page, 'devices-demo-active');
    await page.context().close();
  });

  it('staff provision hardware units on the OEM hardware page', async () => {
    const page = await browser.newPage();
    await signIn(page, DEMO.superuser);
    await page.getByTestId('nav-clients').waitFor();
    await page.goto('/oem/setting');
    await page.getByTestId('oem-card-hardware').click();
    await page.waitForURL(isPath('/oem/hardware'));
    await page.getByRole('heading', { name: 'Hardware Units' }).waitFor();
    const tag = uniqueTag().slice(-6).toUpperCase();
    await page.getByTestId('hardware-serial').fill(`HW-${tag}`);
    await page.getByTestId('hardware-code').fill('hw-code');
    await page.getByTestId('hardware-type').click();
    await chooseOption(page, 'F500 UDF');
    await page.getByTestId('hardware-udf-id').fill('123456789');
    await page.getByTestId('hardware-add').click();
    const tooLong = page.getByText("UDF ID can't be longer than 8 characters");
    await tooLong.waitFor();
    await page.getByTestId('hardware-udf-id').fill(`H${tag}`);
    // As a person would: the message goes (the form re-checks the field) before ADD is pressed again.
    await tooLong.waitFor({ state: 'detached' });
    await page.getByTestId('hardware-add').click();
    await page.getByText('Hardware unit added').waitFor();
    await page.getByRole('cell', { name: `HW-${tag}`, exact: true }).waitFor();
    await screenshot(page, 'hardware-page');
    await page.context().close();
  });
});
