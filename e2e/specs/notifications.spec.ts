import fs from 'node:fs';
import { NOTIFICATIONS_MESSAGES } from '@vigil/contracts';
import type { RunningSimulator } from '@vigil/simulator';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, SEEDED_PASSWORD } from '../fixtures/api-seed';
import { screenshot, signIn, useBrowser } from '../fixtures/browser';
import { seedManagedSite, seedSimulatedSite } from '../fixtures/managed-site';

type Row = { id: number; event_type: string; is_active: boolean; full_sensor_id: string | null };

/** A client with one site, a Manager there and a simulated WDC4 of its own (control API on). */
async function seedAlarmSite() {
  const place = { title: 'Silo Row', address: '9 Dock Road', timezone: 'UTC' };
  const { site, email, manager, devices, simulator } = await seedSimulatedSite(
    place,
    { fullName: 'Morgan Manager', phone: '+44 1482 555 013' },
    [{ prefix: 'NTF', deviceType: '0300', title: 'Alarm WDC4' }],
    { controlPort: true },
  );
  const [{ device, identity }] = devices;
  return { email, manager, site, device, udfId: identity.udfId, simulator };
}

async function control(
  simulator: RunningSimulator,
  method: 'POST' | 'DELETE',
  sensor: string,
): Promise<void> {
  const response = await fetch(`${simulator.controlUrl}/alarm`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ sensor }),
  });
  expect(response.status).toBe(204);
}

/** The device's notifications as the API lists them (newest first). */
async function listOf(token: string, deviceId: number, extra = ''): Promise<Row[]> {
  const page = await apiCall<{ results: Row[] }>(
    'GET',
    `notifications/?device=${deviceId}&limit=100${extra}`,
    token,
  );
  return page.results;
}

async function badgeText(page: Page): Promise<string> {
  const badge = page.getByTestId('notification-badge').locator('.ant-badge-count');
  return (await badge.count()) === 0 ? '' : ((await badge.getAttribute('title')) ?? '');
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));

describe('notifications', () => {
  const browser = useBrowser();
  let simulator: RunningSimulator | undefined;
  afterAll(async () => simulator?.stop());

  it('an alarm arrives live (toast, badge, Active row), is acknowledged, clears into Historical and exports', async () => {
    const seeded = await seedAlarmSite();
    simulator = seeded.simulator;
    const sensor = `${seeded.udfId}.plug.1`;
    // The device is on line before anyone looks: its own notifications (on line, power up) are in the log.
    await expect.poll(async () => (await listOf(seeded.manager, seeded.device.id)).length).toBeGreaterThan(0);

    const page = await browser.newPage({ width: 1440, height: 1000 });
    // The alarm sound meets the browser's autoplay rule (no click yet): nothing may be thrown.
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, seeded.email, SEEDED_PASSWORD);
    await page.waitForURL((url) => url.pathname !== '/');
    // The bell opens the whole log from now on, which reads everything: the badge goes.
    await page.getByTestId('notification-bell').click();
    await page.waitForURL((url) => url.pathname === '/notifications/all');
    await expect.poll(() => badgeText(page)).toBe('');
    await page.getByRole('link', { name: 'Sites' }).click();
    await page.waitForURL((url) => url.pathname === '/sites');

    await control(seeded.simulator, 'POST', sensor);
    const toast = page.locator('.ant-notification-notice', { hasText: 'Alarm Detected' });
    await toast.waitFor();
    expect(await toast.innerText()).toContain(seeded.device.title);
    await expect
      .poll(async () => [
        await badgeText(page),
        String(await apiCall('GET', 'notifications/active-count/', seeded.manager)),
      ])
      .toSatisfy(([shown, count]) => shown === count && Number(shown) >= 1);
    await screenshot(page, 'notifications-toast-1440');
    // A cursor resting on the toast does not keep it: it still closes by itself (over a form it would block clicks).
    await toast.hover();
    await toast.waitFor({ state: 'detached' });

    const alarm = (
      await listOf(seeded.manager, seeded.device.id, '&is_active=true&event_type=alarm_on')
    ).find((row) => row.full_sensor_id === sensor);
    expect(alarm).toBeDefined();
    const alarmRow = page.getByTestId(`notification-row-${alarm?.id}`);
    await page.getByTestId('notification-bell').click();
    await page.waitForURL((url) => url.pathname === '/notifications/all');
    await alarmRow.waitFor();
    expect(await alarmRow.getByTestId('notification-type').innerText()).toBe('Alarm Detected');
    expect(await alarmRow.getByTestId('in-alarm').innerText()).toBe('On');
    expect(await page.getByTestId('notifications-count').innerText()).toMatch(/^(1 alert|\d+ alerts)$/);
    await screenshot(page, 'notifications-active-1440');

    // Acknowledge (beyond the spec), with a comment.
    await alarmRow.getByTestId(`acknowledge-${alarm?.id}`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Comment (optional)').fill('Operator on the way');
    await page.locator('#acknowledge-confirm').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => alarmRow.getByTestId('acknowledged').innerText())
      .toMatch(/^Acknowledged by Morgan Manager at /);

    // Cleared: the Active row goes live (its forebear closed), and Historical shows how long it lasted.
    await control(seeded.simulator, 'DELETE', sensor);
    await alarmRow.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Historical' }).click();
    await alarmRow.waitFor();
    await expect
      .poll(() => alarmRow.getByTestId('in-alarm').innerText())
      .toMatch(/^\d+ day\(s\), \d+:\d\d:\d\d$/);
    await page.locator('tr', { hasText: 'Alarm Cleared' }).first().waitFor();

    // Export needs a date bound; the range picker keeps a range within 30 days.
    const exportButton = page.getByTestId('notifications-export');
    expect(await exportButton.isDisabled()).toBe(true);
    await exportButton.hover({ force: true });
    await page.getByRole('tooltip', { name: NOTIFICATIONS_MESSAGES.exportWithoutDate }).waitFor();
    const today = utcDay(new Date());
    const first = `${today.slice(0, 8)}01`;
    await page.getByPlaceholder('Start date').click();
    await page.getByPlaceholder('Start date').fill(first);
    await page.getByPlaceholder('Start date').press('Enter');
    await page
      .locator(`td[title="${addDays(first, 29)}"]:not(.ant-picker-cell-disabled)`)
      .first()
      .waitFor();
    await page
      .locator(`td[title="${addDays(first, 30)}"].ant-picker-cell-disabled`)
      .first()
      .waitFor();
    await page.locator(`td[title="${today}"]`).first().click();
    await expect.poll(() => exportButton.isDisabled()).toBe(false);
    await alarmRow.waitFor();
    await screenshot(page, 'notifications-historical-1440');
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    expect(download.suggestedFilename()).toBe('notifications.csv');
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv).toContain('Alarm Detected');
    expect(csv).toContain(seeded.device.title);

    await page.setViewportSize({ width: 900, height: 1000 });
    await alarmRow.waitFor();
    // The toasts close by themselves (4 s, a site's 5000 ms); the page is shown without them.
    await expect.poll(() => page.locator('.ant-notification-notice').count()).toBe(0);
    await screenshot(page, 'notifications-historical-900');

    // The device-scoped address names the device and its site in the filters.
    await page.goto(`/notifications/device/${seeded.device.id}?tab=historical`);
    await alarmRow.waitFor();
    await expect
      .poll(() => page.getByTestId('notification-device').innerText())
      .toContain(seeded.device.title);
    await expect.poll(() => page.getByTestId('notification-site').innerText()).toContain(seeded.site.title);
    expect(pageErrors).toEqual([]);
  });

  it("the Device Notifications tab lists that device only, each time in its site's zone, labelled", async () => {
    const place = { title: 'Harbour Mill', address: '3 Quay', timezone: 'America/New_York' };
    const {
      email,
      manager,
      devices,
      simulator: both,
    } = await seedSimulatedSite(place, { fullName: 'Dana Docks', phone: '+44 1482 555 019' }, [
      { prefix: 'NTA', deviceType: '0300', title: 'Quay A' },
      { prefix: 'NTB', deviceType: '0300', title: 'Quay B' },
    ]);
    const [shown, other] = devices;
    try {
      // Both devices have their own notifications (on line, power up) before anyone looks.
      for (const device of [shown.device, other.device]) {
        await expect.poll(async () => (await listOf(manager, device.id)).length).toBeGreaterThan(0);
      }
      await apiCall('POST', `devices/${shown.device.id}/select/`, manager);
      const page = await browser.newPage({ width: 1440, height: 1000 });
      await signIn(page, email, SEEDED_PASSWORD);
      await page.waitForURL((url) => url.pathname !== '/');
      await page.goto('/dashboard');
      await page.getByRole('tab', { name: 'Device Notifications' }).click();
      await page.waitForURL((url) => url.pathname === `/notifications/device/${shown.device.id}`);
      await page.getByRole('tab', { name: 'Historical' }).click();
      const rows = page.locator('[data-testid^="notification-row-"]');
      await rows.first().waitFor();
      await expect
        .poll(() => page.getByTestId('notification-device').innerText())
        .toContain(shown.device.title);
      const cells = await rows.evaluateAll((list) =>
        list.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent ?? '')),
      );
      expect(cells.length).toBe((await listOf(manager, shown.device.id)).length);
      for (const [time, , device] of cells) {
        expect(device).toBe(shown.device.title);
        expect(time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} E[SD]T$/);
      }
      await screenshot(page, 'notifications-device-tab-1440');
      await page.setViewportSize({ width: 900, height: 1000 });
      await rows.first().waitFor();
      await screenshot(page, 'notifications-device-tab-900');
      await page.context().close();
    } finally {
      await both.stop();
    }
  });

  it('a link with filters opens the page with them; the mute switch is remembered', async () => {
    const page = await browser.newPage({ width: 1440, height: 1000 });
    const seededEmail = (await seedManagedSite({ title: 'Quiet Yard', address: '1 Lane', timezone: 'UTC' }))
      .email;
    await signIn(page, seededEmail, SEEDED_PASSWORD);
    await page.waitForURL((url) => url.pathname !== '/');
    await page.goto('/notifications?tab=historical&event_type=alarm_on&search=belt');
    await page.getByTestId('notifications-table').waitFor();
    expect(await page.getByRole('tab', { name: 'Historical', selected: true }).count()).toBe(1);
    expect(await page.getByRole('searchbox', { name: 'search' }).inputValue()).toBe('belt');
    expect(await page.getByTestId('notification-type-filter').innerText()).toContain('Alarm Detected');
    await expect.poll(() => page.getByTestId('notifications-count').innerText()).toBe('0 alerts');

    // The mute switch beside the bell is remembered across a reload.
    const mute = page.getByTestId('alarm-mute');
    expect(await mute.getAttribute('aria-checked')).toBe('true');
    await mute.click();
    await page.reload();
    await expect.poll(() => page.getByTestId('alarm-mute').getAttribute('aria-checked')).toBe('false');
  });
});
