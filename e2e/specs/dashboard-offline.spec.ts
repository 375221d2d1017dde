import { type RunningSimulator, startSimulator } from '@vigil/simulator';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiLogin, SEEDED_PASSWORD } from '../fixtures/api-seed';
import { screenshot, signIn, useBrowser } from '../fixtures/browser';
import { openDashboard, readingOf } from '../fixtures/dashboard';
import { e2eServer } from '../fixtures/e2e-server';
import { addSimulatedDevice, seedManagedSite } from '../fixtures/managed-site';
import { WAIT_CEILING_MS } from '../fixtures/wait';

const OFFLINE_TEXT =
  "Device is Offline! No notifications can occur until the device is back online! Please check the device's internet connection";

/** The status colour of every card on the page (data-status: ok, warning, alarm, muted, or stale offline). */
async function cardStatuses(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="sensor-groups"] button[data-status]')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-status') ?? ''));
}

/** The state lines the cards show ('OK', 'Alarm', 'Offline'...). */
async function cardStateTexts(page: Page): Promise<string[]> {
  return page.locator('[data-testid^="sensor-state-"]').allInnerTexts();
}

/**
 * The offline text follows the device while the dashboard stays open (M section 2): the page reads the device
 * often only while that text may change (docs/decisions.md 2026-11-24 'device re-read'), so this journey
 * watches it appear when the device falls silent and go when it reports again. The e2e server marks a device
 * offline after 5 s of silence (fixtures/vigil-server.ts).
 */
describe('the dashboard of a device that goes offline and comes back', () => {
  const browser = useBrowser();
  let simulator: RunningSimulator | undefined;
  afterAll(async () => simulator?.stop());

  it('shows the offline text while the device is silent, and drops it once trees arrive again', async () => {
    const place = { title: 'Dryer Hall', address: '9 Mill Road', timezone: 'Europe/London' };
    const { site, email } = await seedManagedSite(place, {
      fullName: 'Olive Offline',
      phone: '+44 1482 555 013',
    });
    const manager = await apiLogin(email, SEEDED_PASSWORD);
    const { device, identity } = await addSimulatedDevice(manager, site.id, {
      prefix: 'OFL',
      deviceType: '0300',
      title: 'Offline WDC4',
    });
    simulator = await startSimulator({
      devices: [identity],
      transport: { kind: 'http', baseUrl: e2eServer().baseUrl },
      scenarioChance: 0,
      controlPort: 0,
    });
    const page = await browser.newPage({ width: 1440, height: 1000 });
    await signIn(page, email, SEEDED_PASSWORD);
    await page.waitForURL((url) => url.pathname !== '/');
    await openDashboard(page, manager, device.id);
    const live = `${identity.udfId}.speed.1`;
    const first = await readingOf(page, live);
    await expect
      .poll(() => readingOf(page, live), { interval: 250, timeout: WAIT_CEILING_MS })
      .not.toBe(first);
    expect(await page.getByText(OFFLINE_TEXT).count()).toBe(0);
    await page.getByTestId('feed-live').waitFor();
    expect(await cardStatuses(page)).toContain('ok');
    await screenshot(page, 'dashboard-online-1440');
    await page.setViewportSize({ width: 900, height: 1000 });
    await screenshot(page, 'dashboard-online-900');

    // The device falls silent (10 minutes at most, a ceiling): the server marks it offline, and the open page
    // shows the text.
    const control = simulator.controlUrl;
    const scenario = (method: 'POST' | 'DELETE') =>
      fetch(`${control}/scenario`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ device: identity.udfId, name: 'offline', seconds: 600 }),
      });
    expect((await scenario('POST')).status).toBe(204);
    await page.getByText(OFFLINE_TEXT).waitFor({ timeout: WAIT_CEILING_MS });
    // Nothing on the page claims the device is live or its sensors OK: the badge says offline, every card is
    // greyed with no status, and the banner says when the last data came, in the site's zone (London).
    await page.getByTestId('feed-offline').waitFor();
    expect(await page.getByTestId('feed-live').count()).toBe(0);
    const statuses = await cardStatuses(page);
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['stale']));
    expect(await cardStateTexts(page)).not.toContain('OK');
    expect(await page.getByTestId('last-data').innerText()).toMatch(
      /^Last data received \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} (GMT|BST)\b/,
    );
    await screenshot(page, 'dashboard-offline-900');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await screenshot(page, 'dashboard-offline-1440');

    // It reports again as soon as the page showed the text: the text goes, and the readings move again.
    expect((await scenario('DELETE')).status).toBe(204);
    await page.getByText(OFFLINE_TEXT).waitFor({ state: 'detached', timeout: WAIT_CEILING_MS });
    await page.getByTestId('feed-live').waitFor();
    await expect.poll(() => cardStatuses(page)).toContain('ok');
    expect(await cardStatuses(page)).not.toContain('stale');
    const back = await readingOf(page, live);
    await expect
      .poll(() => readingOf(page, live), { interval: 250, timeout: WAIT_CEILING_MS })
      .not.toBe(back);
  });

  it("shows 'Version information not available' for a device that never sent data", async () => {
    const place = { title: 'Quiet Annex', address: '3 Mill Road', timezone: 'Europe/London' };
    const { site, email } = await seedManagedSite(place, {
      fullName: 'Nadia Nodata',
      phone: '+44 1482 555 014',
    });
    const manager = await apiLogin(email, SEEDED_PASSWORD);
    const { device } = await addSimulatedDevice(manager, site.id, {
      prefix: 'NOD',
      deviceType: '0300',
      title: 'Silent WDC4',
    });
    const page = await browser.newPage({ width: 1440, height: 1000 });
    await signIn(page, email, SEEDED_PASSWORD);
    await page.waitForURL((url) => url.pathname !== '/');
    await openDashboard(page, manager, device.id);
    await page.getByText('Version information not available').waitFor();
    expect(await page.getByTestId('last-data').innerText()).toBe(
      'No data has been received from this device yet.',
    );
  });
});
