import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAINTENANCE_MESSAGES } from '@vigil/contracts';
import { type RunningSimulator, startSimulator } from '@vigil/simulator';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, SEEDED_PASSWORD } from '../fixtures/api-seed';
import { DEMO, screenshot, signIn, useBrowser } from '../fixtures/browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../fixtures/chromium';
import { openDashboard, readingOf } from '../fixtures/dashboard';
import { e2eServer } from '../fixtures/e2e-server';
import { freePort } from '../fixtures/free-port';
import { addSimulatedDevice, type DeviceItem, seedManagedSite } from '../fixtures/managed-site';
import { type ServerPlace, startVigilServer, type VigilServer } from '../fixtures/vigil-server';
import { WAIT_CEILING_MS } from '../fixtures/wait';

/** A client with one site, a Manager there and a simulated WDC4 of its own (control API on). */
async function seedManagedWdc4() {
  const place = { title: 'Grain Pit', address: '3 Quay Lane', timezone: 'Europe/London' };
  const { site, email } = await seedManagedSite(place, {
    fullName: 'Morgan Manager',
    phone: '+44 1482 555 012',
  });
  const manager = await apiLogin(email, SEEDED_PASSWORD);
  const { device, identity } = await addSimulatedDevice(manager, site.id, {
    prefix: 'MNT',
    deviceType: '0300',
    title: 'Maintenance WDC4',
  });
  const simulator = await startSimulator({
    devices: [identity],
    transport: { kind: 'http', baseUrl: e2eServer().baseUrl },
    scenarioChance: 0,
    controlPort: 0,
  });
  return { email, manager, device, udfId: identity.udfId, simulator };
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

async function promptText(page: Page): Promise<string> {
  return page.getByTestId('maintenance-prompt').innerText();
}

/** Starts keeping the text of every notification toast the page shows from now on. */
async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll<HTMLElement>('[data-testid="notification-toast"]')) {
        if (toast.dataset.seen !== 'true') {
          toast.dataset.seen = 'true';
          seen.push(toast.innerText);
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

async function toastsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);
}

describe('sensor maintenance from the dashboard', () => {
  const browser = useBrowser();
  let simulator: RunningSimulator | undefined;
  afterAll(async () => simulator?.stop());

  it('a manager runs a test end to end, and cancels another', async () => {
    const seeded = await seedManagedWdc4();
    simulator = seeded.simulator;
    const sensor = `${seeded.udfId}.plug.1`;
    const page = await browser.newPage({ width: 1440, height: 1000 });
    await signIn(page, seeded.email, SEEDED_PASSWORD);
    await page.waitForURL((url) => url.pathname !== '/');
    await openDashboard(page, seeded.manager, seeded.device.id);
    await page.getByTestId(`sensor-${sensor}`).waitFor();

    // Beyond the spec: a sensor never tested is due for a proof test (docs/proof-tests.md).
    await page.getByTestId('proof-test-summary').waitFor();
    await page.getByRole('tab', { name: 'Maintenance' }).click();
    await expect.poll(() => promptText(page)).toContain(MAINTENANCE_MESSAGES.promptStart);
    expect(await page.getByTestId(`proof-test-${sensor}`).innerText()).toBe('Never tested');
    await page.getByTestId(`sensor-${sensor}`).click();
    await expect.poll(() => promptText(page)).toContain(MAINTENANCE_MESSAGES.promptExpectAlarmOn);
    // The countdown runs to the server's deadline (540 s), so it reads 0:00 when the test fails.
    await expect.poll(() => page.getByTestId('maintenance-countdown').innerText()).toMatch(/^[89]:\d\d$/);
    // Only the sensor under test says 'Testing in progress.'; the other cards say nothing of it.
    await expect
      .poll(() => page.getByTestId(`sensor-${sensor}`).innerText())
      .toContain(MAINTENANCE_MESSAGES.promptInProgress);
    expect(await page.getByTestId(`sensor-${seeded.udfId}.tmp.1`).innerText()).not.toContain(
      MAINTENANCE_MESSAGES.promptInProgress,
    );
    await screenshot(page, 'dashboard-maintenance-started-1440');
    await page.setViewportSize({ width: 900, height: 1000 });
    await screenshot(page, 'dashboard-maintenance-started-900');
    await page.setViewportSize({ width: 1440, height: 1000 });

    // The alarm the test forces raises no alarm toast (nor sound): the test's own step still shows.
    await recordToasts(page);
    await control(seeded.simulator, 'POST', sensor);
    await expect.poll(() => promptText(page)).toContain(MAINTENANCE_MESSAGES.promptExpectAlarmOff);
    await expect
      .poll(async () =>
        (await toastsSeen(page)).some((text) => text.includes('Maintenance test: alarm detected')),
      )
      .toBe(true);
    expect((await toastsSeen(page)).filter((text) => text.includes('Alarm Detected'))).toEqual([]);
    await screenshot(page, 'dashboard-maintenance-alarm-1440');
    await control(seeded.simulator, 'DELETE', sensor);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Maintenance test succeeded').waitFor();
    // The comment is optional on success.
    expect(await page.locator('#maintenance-submit').isDisabled()).toBe(false);
    await dialog.getByLabel('Comment').fill('Plug switch tripped and reset');
    await screenshot(page, 'dashboard-maintenance-succeeded-1440');
    await page.locator('#maintenance-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => promptText(page)).toContain(MAINTENANCE_MESSAGES.promptStart);
    // The successful test proves the sensor: its mark goes, and the site's report names who tested it.
    await page.getByTestId(`proof-test-${sensor}`).waitFor({ state: 'detached' });
    const coverage = await apiCall<{
      sensors: Array<{ sensor_id: string; status: string; last_test: unknown }>;
    }>('GET', `devices/${seeded.device.id}/proof-tests/`, seeded.manager);
    expect(coverage.sensors.find((row) => row.sensor_id === sensor)).toMatchObject({
      status: 'ok',
      last_test: { engineer: 'Morgan Manager', comment: 'Plug switch tripped and reset' },
    });

    // Cancel from the bar's 'Click to cancel': the comment is required.
    await page.getByTestId(`sensor-${sensor}`).click();
    await expect.poll(() => promptText(page)).toContain(MAINTENANCE_MESSAGES.promptExpectAlarmOn);
    await page.getByTestId('maintenance-prompt-cancel').click();
    await dialog.getByText('Cancel maintenance test').waitFor();
    expect(await page.locator('#maintenance-submit').isDisabled()).toBe(true);
    await dialog.getByLabel('Comment').fill('Wrong sensor');
    await page.locator('#maintenance-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => promptText(page)).toContain(MAINTENANCE_MESSAGES.promptStart);

    // Sensors 18000 and 21000 cannot be tested.
    expect(await page.getByTestId(`sensor-${seeded.udfId}.system.18000`).isDisabled()).toBe(true);
  });
});

describe('dashboard on a server of its own (timeout, restart)', () => {
  let server: VigilServer | undefined;
  let browser: Browser | undefined;
  // The same ports and data dir across the restart, so the open page reconnects to the same server.
  let place: ServerPlace | undefined;
  // A short timeout, so the failed test's dialog comes within seconds.
  const env = { MAINTENANCE_TIMEOUT_S: '6', DEVICE_OFFLINE_AFTER_S: '5' };

  beforeAll(async () => {
    place = {
      port: await freePort(),
      mqttPort: await freePort(),
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-e2e-dashboard-')),
    };
    server = await startVigilServer(env, place);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (place !== undefined) {
      fs.rmSync(place.dataDir, { recursive: true, force: true });
    }
  });

  async function newPage(): Promise<Page> {
    const context = await (browser as Browser).newContext({
      viewport: { width: 1440, height: 1000 },
      baseURL: server?.baseUrl,
    });
    context.setDefaultTimeout(WAIT_CEILING_MS);
    return context.newPage();
  }

  async function call<T>(
    method: 'GET' | 'POST',
    pathName: string,
    token?: string,
    body?: unknown,
  ): Promise<T> {
    const response = await fetch(`${server?.baseUrl}/api/v1/${pathName}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token === undefined ? {} : { Authorization: `JWT ${token}` }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.ok, `${method} ${pathName}: ${response.status}`).toBe(true);
    return (await response.json()) as T;
  }

  it('a test that times out asks for a required comment; the feed shows Reconnecting… across a restart', async () => {
    const { token } = await call<{ token: string }>('POST', 'accounts/login-jwt/', undefined, {
      username: DEMO.superuser,
      password: 'Conveyor-2026',
    });
    const { results } = await call<{ results: DeviceItem[] }>('GET', 'devices/all/?limit=100', token);
    const wdc4 = results.find((item) => item.udf_id === 'W0300001');
    await call('POST', `devices/${wdc4?.id}/select/`, token);
    const page = await newPage();
    await signIn(page, DEMO.superuser);
    await page.waitForURL((url) => url.pathname !== '/');
    await page.goto('/dashboard?mode=maintenance');
    const sensor = 'W0300001.plug.1';
    await page.getByTestId(`sensor-${sensor}`).waitFor();
    await expect.poll(() => promptText(page)).toContain(MAINTENANCE_MESSAGES.promptStart);
    await page.getByTestId(`sensor-${sensor}`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Maintenance test failed').waitFor();
    expect(await page.locator('#maintenance-submit').isDisabled()).toBe(true);
    await dialog.getByLabel('Comment').fill('Nobody reached the sensor in time');
    await screenshot(page, 'dashboard-maintenance-failed-1440');
    await page.locator('#maintenance-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => promptText(page)).toContain(MAINTENANCE_MESSAGES.promptStart);

    await page.getByRole('tab', { name: 'Live' }).click();
    await page.getByTestId('feed-live').waitFor();
    await server?.stop();
    await page.getByTestId('feed-reconnecting').waitFor();
    await screenshot(page, 'dashboard-reconnecting-1440');
    server = await startVigilServer(env, place);
    await page.getByTestId('feed-live').waitFor();
    const first = await readingOf(page, 'W0300001.speed.1');
    await expect.poll(() => readingOf(page, 'W0300001.speed.1'), { interval: 250 }).not.toBe(first);
  });
});
