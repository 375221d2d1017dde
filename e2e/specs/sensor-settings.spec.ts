import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../fixtures/api-seed';
import { screenshot, useBrowser } from '../fixtures/browser';
import {
  chooseOption,
  gotoDashboard,
  isPath,
  type SettingsScene,
  seedSettingsScene,
  signedInPage,
} from '../fixtures/settings-scene';

let seeded: SettingsScene;

describe('warnings and sensor settings', () => {
  const browser = useBrowser();

  beforeAll(async () => {
    seeded = await seedSettingsScene();
  });

  afterAll(async () => {
    await seeded?.simulator.stop();
  });

  it('adds a warning on Edit Warnings and shows it in the Warnings modal', async () => {
    const page = await signedInPage(browser, 'warnings', seeded.email);
    await gotoDashboard(page);

    await page.getByTestId('dashboard-settings').click();
    await page.getByRole('menuitem', { name: 'Warnings' }).click();
    const modal = page.getByRole('dialog', { name: 'Warnings' });
    await modal.getByText('There are no warnings for this device').waitFor();
    // Once, on a loaded CI machine, the ADD click was lost while the dialog was still zooming in (the cause is not
    // proven): click once its opening motion has ended.
    await page
      .locator('[class*="-zoom-appear"], [class*="-zoom-enter"]')
      .first()
      .waitFor({ state: 'detached' });
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
    const page = await signedInPage(browser, 'names', seeded.email);
    await gotoDashboard(page);
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
    await gotoDashboard(page);
    await page.goto('/dashboard/edit/warnings');
    await page
      .getByTestId('warnings-no-permission')
      .getByText('You do not have permission to edit warnings!')
      .waitFor();
    expect(await page.getByTestId('warnings-form').count()).toBe(0);
    await screenshot(page, 'warnings-no-permission-1440');
    await page.goto('/edit/sensor/images');
    await page.waitForURL(isPath('/dashboard'));

    // The Setting menu offers only what this person may open (issue 23): Sensor Names, not Sensor Images.
    await page.getByTestId('dashboard-settings').click();
    await page.getByRole('menuitem', { name: 'Sensor Names' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Sensor Images' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Warnings' }).count()).toBe(0);
    // Sensor Names reads the names, with nothing to change, save or import (each would answer 403).
    await page.getByRole('menuitem', { name: 'Sensor Names' }).click();
    await page.waitForURL(isPath('/edit/sensor/names'));
    await page.getByTestId('sensor-names-read-only').waitFor();
    const inputs = page.getByTestId('sensor-names-form').locator('input');
    expect(await inputs.count()).toBeGreaterThan(0);
    for (const input of await inputs.all()) {
      expect(await input.isDisabled()).toBe(true);
    }
    expect(await page.getByTestId('sensor-settings-save').count()).toBe(0);
    expect(await page.getByTestId('sensor-names-import').count()).toBe(0);
    await page.getByTestId('sensor-names-export').waitFor();
    await screenshot(page, 'sensor-names-read-only-1440');
    await page.getByTestId('sensor-settings-cancel').click();
    await page.waitForURL(isPath('/dashboard'));
    await page.context().close();
  });

  it('an F500-UDF needs degrees (F or C) and names its networks 1-4', async () => {
    await apiCall('POST', `devices/${seeded.udfDevice.id}/select/`, seeded.manager);
    const page = await signedInPage(browser, 'udf', seeded.email);
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
