import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { activate, apiCall, apiLogin, createClientAsAdmin, SEEDED_PASSWORD } from '../fixtures/api-seed';
import { DEMO, screenshot, signIn, useBrowser } from '../fixtures/browser';
import { openDashboard, readingOf } from '../fixtures/dashboard';
import type { DeviceItem } from '../fixtures/managed-site';

const OFFLINE_TEXT =
  "Device is Offline! No notifications can occur until the device is back online! Please check the device's internet connection";

/** The demo devices of every type (packages/server/src/demo/demo-devices.ts) and a sensor of each. */
const DEMO_DEVICES = [
  {
    udfId: 'F5000001',
    label: 'f500',
    groups: ['System State', 'Network 1', 'Network 1 Node 1'],
    live: 'net1.n01.1',
  },
  {
    udfId: 'F5U00001',
    label: 'f500-udf',
    groups: ['System State', 'Network 1', 'Network 2'],
    live: 'net1.n01.3',
  },
  {
    udfId: 'W0300001',
    label: 'wdc4',
    groups: ['System', 'Speed', 'Alignment:Head', 'Alignment:Tail'],
    live: 'speed.1',
  },
  { udfId: 'E0005001', label: 'eth-node-1', groups: ['System', 'NTC', 'Pulse', 'Digital'], live: 'pulse.1' },
  {
    udfId: 'E0006001',
    label: 'eth-node-2',
    groups: ['System', 'NTC', 'Pulse', 'CLI', 'Analog', 'Digital'],
    live: 'pulse.1',
  },
] as const;

async function groupNames(page: Page): Promise<string[]> {
  return page.locator('[data-testid="sensor-groups"] section > h3').allInnerTexts();
}

describe('sensor dashboard', () => {
  const browser = useBrowser();

  it('draws the dashboard of every demo device type, and live values change', async () => {
    const admin = await apiLogin(DEMO.superuser);
    const { results } = await apiCall<{ results: DeviceItem[] }>('GET', 'devices/all/?limit=100', admin);
    const page = await browser.newPage({ width: 1440, height: 1000 });
    await signIn(page, DEMO.superuser);
    await page.waitForURL((url) => url.pathname !== '/');

    for (const demo of DEMO_DEVICES) {
      const device = results.find((item) => item.udf_id === demo.udfId);
      expect(device, demo.udfId).toBeDefined();
      if (device === undefined) {
        continue;
      }
      await openDashboard(page, admin, device.id);
      await expect.poll(() => page.getByTestId('dashboard-title').innerText()).toBe(device.title);
      const names = await groupNames(page);
      // M section 9's order: the expected groups appear in this order.
      expect(names.filter((name) => (demo.groups as readonly string[]).includes(name))).toEqual([
        ...demo.groups,
      ]);
      await expect.poll(() => page.getByTestId('versions').innerText()).toMatch(/Main|Version/);
      const isF500 = demo.label.startsWith('f500');
      expect(await page.getByTestId('node-filter').count()).toBe(isF500 ? 1 : 0);
      expect(await page.getByTestId('hide-disabled').count()).toBe(isF500 ? 0 : 1);
      if (isF500) {
        await expect.poll(() => page.getByTestId('system-state').innerText()).toMatch(/Active nodes\s+\d+/);
      }
      // A live value changes under the person's eyes (the simulator sends a tree a second).
      const fullId = `${demo.udfId}.${demo.live}`;
      const first = await readingOf(page, fullId);
      await expect.poll(() => readingOf(page, fullId), { interval: 250 }).not.toBe(first);
      expect(await page.getByText(OFFLINE_TEXT).count()).toBe(0);
      await screenshot(page, `dashboard-${demo.label}-1440`);
    }

    // Tablet width: cards and filters wrap; the WDC4's Minutes reading shows as h:m.
    await page.setViewportSize({ width: 900, height: 1000 });
    const wdc4 = results.find((item) => item.udf_id === 'W0300001');
    await openDashboard(page, admin, wdc4?.id ?? 0);
    await expect.poll(() => readingOf(page, 'W0300001.system.18000')).toMatch(/^\d+:\d\d\s*h:m$/);
    expect(await page.getByTestId('sensor-W0300001.system.21000').count()).toBe(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(900);
    await screenshot(page, 'dashboard-wdc4-900');

    // The F500 filter: All Nodes shows the disabled input of node 3, Active Nodes hides it.
    const f500 = results.find((item) => item.udf_id === 'F5000001');
    await openDashboard(page, admin, f500?.id ?? 0);
    expect(await page.getByTestId('sensor-F5000001.net1.n03.4').count()).toBe(0);
    await page.getByTestId('node-filter').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="All Nodes"]').click();
    await page.getByTestId('sensor-F5000001.net1.n03.4').waitFor();
    await screenshot(page, 'dashboard-f500-900-all-nodes');

    // Setting: a super user clears the device's stuck notifications.
    await page.getByTestId('dashboard-settings').click();
    await page.getByRole('menuitem', { name: 'Fix Notification' }).click();
    // It closes the device's open notifications for everyone: confirmed first (issue 23).
    await page.getByRole('dialog').getByRole('button', { name: 'Fix notifications' }).click();
    await page.getByText('Cleared notification was successful').waitFor();

    // Clicking a sensor opens its graph.
    await page.getByTestId('sensor-F5000001.net1.n01.1').click();
    await page.waitForURL((url) => url.pathname === '/graphs/F5000001.net1.n01.1');
  });

  it('draws a historical snapshot of a record with the banner and no live feed; a sensor opens its historical graph', async () => {
    const admin = await apiLogin(DEMO.superuser);
    const { results } = await apiCall<{ results: DeviceItem[] }>('GET', 'devices/all/?limit=100', admin);
    const wdc4 = results.find((item) => item.udf_id === 'W0300001');
    const since = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const records = await apiCall<{ results: Array<{ timestamp: string; record_id: number }> }>(
      'GET',
      `devices/${wdc4?.id}/historical/records/?timestamp=${encodeURIComponent(`${since} 00:00:00`)}&limit=1`,
      admin,
    );
    const record = records.results[0];
    expect(record).toBeDefined();
    const page = await browser.newPage({ width: 1440, height: 1000 });
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await signIn(page, DEMO.superuser);
    await page.waitForURL((url) => url.pathname !== '/');
    await apiCall('POST', `devices/${wdc4?.id}/select/`, admin);
    await page.goto(
      `/dashboard/historical/snapshot/${encodeURIComponent(record?.timestamp ?? '')}?record=${record?.record_id}`,
    );
    await page.getByTestId('sensor-groups').waitFor();
    // The record's time is the site's wall clock, labelled with its zone.
    expect(await page.getByTestId('snapshot-banner').innerText()).toMatch(
      new RegExp(
        `^Warning: This is a historical snapshot. The data is not live. Snapshot date/time: ${record?.timestamp} \\S+$`,
      ),
    );
    expect(sockets.filter((url) => url.includes('/ws/device-data/'))).toEqual([]);
    await screenshot(page, 'dashboard-snapshot-1440');
    await page.getByTestId('sensor-W0300001.speed.1').click();
    const [date, time] = (record?.timestamp ?? '').split(' ');
    await page.waitForURL(
      (url) => url.pathname === `/graphs/historical/graphs/${date}&${time?.slice(0, 5)}/W0300001.speed.1`,
    );
  });

  it('shows a prompt linking to /devices when no device is selected, and a snapshot route without a record goes to /dashboard', async () => {
    const client = await createClientAsAdmin();
    await activate(client.email, SEEDED_PASSWORD);
    const page = await browser.newPage();
    await signIn(page, client.email, SEEDED_PASSWORD);
    await page.waitForURL((url) => url.pathname !== '/');
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-no-device').waitFor();
    await page.goto('/dashboard/historical/snapshot/2026-11-02%2008%3A30%3A00');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByTestId('choose-device').click();
    await page.waitForURL((url) => url.pathname === '/devices');
  });
});
