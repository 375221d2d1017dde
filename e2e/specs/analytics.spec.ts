import fs from 'node:fs';
import { type AlarmSensorData, formatAnalyticsDate } from '@vigil/contracts';
import { type RunningSimulator, startSimulator } from '@vigil/simulator';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, SEEDED_PASSWORD } from '../fixtures/api-seed';
import { DEMO, screenshot, signIn, useBrowser } from '../fixtures/browser';
import { e2eServer } from '../fixtures/e2e-server';
import { download } from '../fixtures/graphs';
import { addSimulatedDevice, seedManagedSite } from '../fixtures/managed-site';

/** A site with a simulated F500 (control API on) whose first two sensors have been forced into alarm. */
async function seedAlarmedF500() {
  const { site, email } = await seedManagedSite(
    { title: 'Analytics Mill', address: '5 Report Road', timezone: 'UTC' },
    { fullName: 'Avery Analyst', phone: '+44 1482 555 031' },
  );
  const manager = await apiLogin(email, SEEDED_PASSWORD);
  const { device, identity } = await addSimulatedDevice(manager, site.id, {
    prefix: 'ANA',
    deviceType: 'F500',
    title: 'Analytics F500',
  });
  const simulator = await startSimulator({
    devices: [identity],
    transport: { kind: 'http', baseUrl: e2eServer().baseUrl },
    scenarioChance: 0,
    controlPort: 0,
  });
  return { site, device, udfId: identity.udfId, simulator };
}

async function control(simulator: RunningSimulator, method: 'POST' | 'DELETE', sensor: string) {
  const response = await fetch(`${simulator.controlUrl}/alarm`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ sensor }),
  });
  expect(response.status).toBe(204);
}

async function sensorsOf(simulator: RunningSimulator, udfId: string): Promise<string[]> {
  const response = await fetch(`${simulator.controlUrl}/sensors`);
  const { sensors } = (await response.json()) as { sensors: string[] };
  return sensors.filter((id) => id.startsWith(`${udfId}.`));
}

const today = () => formatAnalyticsDate(new Date());

async function alarmsSeen(token: string, deviceId: number): Promise<number> {
  const query = `?start=${encodeURIComponent(today())}&end=${encodeURIComponent(today())}`;
  const data = await apiCall<AlarmSensorData>('GET', `analytics/${deviceId}/alarm-sensor/${query}`, token);
  return data.reduce((sum, item) => sum + item.y, 0);
}

async function tabChart(page: Page, tab: string, key: string) {
  await page.getByRole('tab', { name: tab }).click();
  const chart = page.getByTestId(`analytics-chart-${key}`);
  await chart.locator('canvas').first().waitFor();
  return chart;
}

describe('analytics', () => {
  const browser = useBrowser();
  let simulator: RunningSimulator | undefined;
  afterAll(async () => simulator?.stop());

  it('a super user generates the three reports of a device with alarms and exports a PNG', async () => {
    const seeded = await seedAlarmedF500();
    simulator = seeded.simulator;
    const admin = await apiLogin(DEMO.superuser);
    const sensors = (await sensorsOf(simulator, seeded.udfId)).slice(0, 2);
    expect(sensors).toHaveLength(2);
    for (const sensor of sensors) {
      await control(simulator, 'POST', sensor);
    }
    await expect.poll(() => alarmsSeen(admin, seeded.device.id)).toBeGreaterThanOrEqual(2);
    for (const sensor of sensors) {
      await control(simulator, 'DELETE', sensor);
    }
    await apiCall('POST', `devices/${seeded.device.id}/select/`, admin);

    for (const width of [1440, 900]) {
      const page = await browser.newPage({ width, height: 1000 });
      await signIn(page, DEMO.superuser);
      await page.waitForURL((url) => url.pathname !== '/');
      await page.goto('/analytics');
      await page.getByTestId('analytics-page').waitFor();
      expect(await page.getByTestId('analytics-title').innerText()).toBe(
        `${seeded.device.title} - Analytics`,
      );
      const breadcrumb = page.getByTestId('analytics-breadcrumb');
      expect(
        await breadcrumb.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
      ).toEqual(['/sites', '/devices']);
      // M section 9: From defaults to the first day of the month, To to today.
      const now = new Date();
      expect(await page.locator('#analytics-from-input').inputValue()).toBe(
        `1 ${now.toLocaleString('en-US', { month: 'short' })} ${now.getFullYear()}`,
      );
      expect(await page.locator('#analytics-to-input').inputValue()).toBe(
        `${now.getDate()} ${now.toLocaleString('en-US', { month: 'short' })} ${now.getFullYear()}`,
      );
      // Both dates are filled on arrival, so the report is generated without GENERATE REPORT (issue 23).
      await page
        .getByTestId('analytics-zone')
        .getByText(/^Days and hours at the site \(.+\)$/)
        .waitFor();

      const sensorsChart = await tabChart(page, 'SENSOR ALARMS SUMMARY', 'sensors');
      expect(await sensorsChart.getByTestId('analytics-chart-sensors-caption').innerText()).toMatch(
        /^([2-9]|\d\d+) alarms on ([2-9]|\d\d+) sensors$/,
      );
      await screenshot(page, `analytics-sensors-${width}`);
      const png = await download(page, sensorsChart.getByTestId('analytics-chart-sensors-png'));
      expect(png.name).toMatch(/^analytics_Analytics_F500_\w+_sensors_\d+_\w{3}_\d{4}_\d+_\w{3}_\d{4}\.png$/);
      expect(fs.readFileSync(png.file).subarray(1, 4).toString()).toBe('PNG');

      await tabChart(page, 'TIME OF THE DAY ALARMS', 'hours');
      await screenshot(page, `analytics-hours-${width}`);
      const types = await tabChart(page, 'TYPE OF ALARMS', 'types');
      expect(await types.getByTestId('analytics-chart-types-caption').innerText()).toMatch(
        /^Total: ([2-9]|\d\d+) alarms/,
      );
      await screenshot(page, `analytics-types-${width}`);
      const pie = await download(page, types.getByTestId('analytics-chart-types-png'));
      expect(pie.name).toMatch(/_types_.*\.png$/);

      // Beyond the spec: the site's alarm performance, each figure linking to its notifications.
      await page.getByRole('tab', { name: 'ALARM PERFORMANCE' }).click();
      const top = page.getByTestId('performance-top');
      await top.getByTestId('performance-sensor-link').first().waitFor();
      const hrefs = await top
        .getByTestId('performance-sensor-link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      expect(hrefs.length).toBeGreaterThanOrEqual(2);
      const link = new URL(hrefs[0] ?? '', 'http://vigil.test');
      expect(link.pathname).toBe('/notifications/all');
      expect(Object.fromEntries(link.searchParams)).toMatchObject({
        location: String(seeded.site.id),
        device: String(seeded.device.id),
        event_type: 'alarm_on',
      });
      expect(link.searchParams.get('date_created_to')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await screenshot(page, `analytics-performance-${width}`);
      await page.context().close();
    }
  });
});
