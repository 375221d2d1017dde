import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activate, apiCall, apiLogin, SEEDED_PASSWORD, uniqueTag } from '../fixtures/api-seed';
import { screenshot, useBrowser } from '../fixtures/browser';
import { type DeviceItem, seedSimulatedSite } from '../fixtures/managed-site';
import { isPath, signedInPage } from '../fixtures/settings-scene';

type Scene = Awaited<ReturnType<typeof seedSimulatedSite>>;

let scene: Scene;
let managerEmail: string;
let device: DeviceItem;
let udfId: string;

/** Today as the site's day (the site keeps UTC). */
const today = () => new Date().toISOString().slice(0, 10);

describe('the audit trail (issue 27)', () => {
  const browser = useBrowser();

  beforeAll(async () => {
    scene = await seedSimulatedSite(
      { title: 'Audit Mill', address: '9 Ledger Row', timezone: 'UTC' },
      { fullName: 'Pat Plant', phone: '+44 1482 555 027' },
      [{ prefix: 'AUD', deviceType: '0006', title: 'Ledger Node' }],
    );
    const [node] = scene.devices;
    if (node === undefined) {
      throw new Error('the scene has no device');
    }
    device = node.device;
    udfId = node.identity.udfId;
    // A manager (the role) who is Manager of the site: the trail's reader of it.
    managerEmail = `mira.${uniqueTag()}@e2e.test`;
    await apiCall('POST', 'users/', scene.accounts, {
      full_name: 'Mira Manager',
      email: managerEmail,
      company: scene.client.company,
      phone: '+44 1482 555 028',
      address: '9 Ledger Row',
      is_manager: true,
      location_access: [{ location_id: scene.site.id, has_access: true, permission: 'Manager' }],
    });
    await activate(managerEmail, SEEDED_PASSWORD);
    await apiCall('POST', `devices/${device.id}/select/`, await apiLogin(managerEmail, SEEDED_PASSWORD));
  });

  afterAll(async () => {
    await scene?.simulator.stop();
  });

  it('a manager renames a sensor, reads the record with before and after on /audit and exports it', async () => {
    const probe = `${udfId}.ntc.1`;
    const page = await signedInPage(browser, 'audit', managerEmail);
    await page.goto('/edit/sensor/names');
    const probeInput = page.getByTestId(`sensor-name-${probe}`);
    await probeInput.waitFor();
    await probeInput.fill('Ledger Probe');
    await page.getByTestId('sensor-settings-save').click();
    await page.waitForURL(isPath('/dashboard'));

    await page.getByTestId('nav-audit').click();
    await page.waitForURL(isPath('/audit'));
    const row = page.locator('[data-testid^="audit-row-"]').filter({ hasText: 'Sensor names changed' });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('Mira Manager');
    expect(text).toContain(managerEmail);
    expect(text).toContain(device.title);
    expect(text).toContain('127.0.0.1');
    expect(text).toContain(probe);
    await expect(row.getByTestId('audit-after').innerText()).resolves.toBe('Ledger Probe');
    await expect(row.getByTestId('audit-before').innerText()).resolves.toBe('—');
    // The time is written with its zone named (the site keeps UTC).
    await expect(row.getByTestId('audit-time').innerText()).resolves.toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/,
    );

    // The export needs a date range, as the notifications export.
    const exportButton = page.getByTestId('audit-export');
    await expect(exportButton.isDisabled()).resolves.toBe(true);
    await page.getByPlaceholder('Start date').click();
    await page.getByPlaceholder('Start date').fill(today());
    await page.getByPlaceholder('Start date').press('Enter');
    await page.getByPlaceholder('End date').fill(today());
    await page.getByPlaceholder('End date').press('Enter');
    await expect.poll(() => exportButton.isDisabled()).toBe(false);
    // The calendar stays open over the table until dismissed.
    await page.keyboard.press('Escape');
    await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
    await row.waitFor();
    await screenshot(page, 'audit-1440');

    const download = page.waitForEvent('download');
    await exportButton.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('audit.csv');
    const csv = fs.readFileSync(await file.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toContain('id,time,time_zone,timestamp,person,email,address,kind');
    expect(csv).toContain('sensor-name.changed');
    expect(csv).toContain(`${probe}: — → Ledger Probe`);

    await page.setViewportSize({ width: 900, height: 1000 });
    // The export's tooltip would stay in the picture where the pointer left it.
    await page.mouse.move(1, 1);
    await page.locator('.ant-tooltip:visible').waitFor({ state: 'hidden' });
    await row.waitFor();
    // At 900 px the change itself is on screen, not scrolled away to the right.
    const box = await row.getByTestId('audit-after').boundingBox();
    expect((box?.x ?? 9999) + (box?.width ?? 0)).toBeLessThanOrEqual(900);
    await screenshot(page, 'audit-900');
    await page.context().close();
  });

  it('is not offered to a person of the site who is no manager', async () => {
    const email = `uma.${uniqueTag()}@e2e.test`;
    await apiCall('POST', 'users/', scene.accounts, {
      full_name: 'Uma User',
      email,
      company: scene.client.company,
      phone: '+44 1482 555 029',
      address: '9 Ledger Row',
      location_access: [{ location_id: scene.site.id, has_access: true, permission: 'User' }],
    });
    await activate(email, SEEDED_PASSWORD);
    const page = await signedInPage(browser, 'audit-user', email);
    await page.getByTestId('nav-sites').waitFor();
    await expect(page.getByTestId('nav-audit').count()).resolves.toBe(0);
    await page.goto('/audit');
    await page.waitForURL(isPath('/sites'));
    await page.context().close();
  });
});
