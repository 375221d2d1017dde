import { type RunningSimulator, startSimulator } from '@vigil/simulator';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, SEEDED_PASSWORD } from '../fixtures/api-seed';
import { screenshot, signIn, useBrowser } from '../fixtures/browser';
import { openDashboard } from '../fixtures/dashboard';
import { e2eServer } from '../fixtures/e2e-server';
import { addSimulatedDevice, seedManagedSite } from '../fixtures/managed-site';

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

const toastsSeen = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);

type ShelvedList = { results: Array<{ id: number; sensor_id: string; reason: string }> };

/**
 * Issue 27, shelving: an editor shelves a sensor from its dashboard card with a reason; the simulator forces an
 * alarm on it; the log receives it live marked 'Shelved' and no toast appears; the site's shelved list shows the
 * sensor; the editor unshelves it by hand there.
 */
describe('shelving a sensor', () => {
  const browser = useBrowser();
  let simulator: RunningSimulator | undefined;
  afterAll(async () => simulator?.stop());

  it('shelves a sensor with a reason, logs its alarm marked shelved without a toast, and unshelves it', async () => {
    const { site, email } = await seedManagedSite(
      { title: 'Malt House', address: '4 Kiln Yard', timezone: 'Europe/Berlin' },
      { fullName: 'Sam Shelver', phone: '+49 30 555 0177' },
    );
    const manager = await apiLogin(email, SEEDED_PASSWORD);
    const { device, identity } = await addSimulatedDevice(manager, site.id, {
      prefix: 'SHV',
      deviceType: '0300',
      title: 'Kiln Feed WDC4',
    });
    simulator = await startSimulator({
      devices: [identity],
      transport: { kind: 'http', baseUrl: e2eServer().baseUrl },
      scenarioChance: 0,
      controlPort: 0,
    });
    const sensor = `${identity.udfId}.plug.1`;

    // The card offers 'Shelve alarms…'; the dialog asks how long and why.
    const page = await browser.newPage({ width: 1440, height: 1000 });
    await signIn(page, email, SEEDED_PASSWORD);
    await page.waitForURL((url) => url.pathname !== '/');
    await openDashboard(page, manager, device.id);
    await page.getByTestId(`shelve-${sensor}`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Shelve alarms: Plug Switch').waitFor();
    await dialog.getByText('4 hours', { exact: true }).click();
    await page.locator('#shelve-submit').click();
    await page.getByTestId('shelve-problems').getByText('A reason is required.').waitFor();
    await screenshot(page, 'shelving-dialog-1440');
    await page.getByTestId('shelve-reason').fill('Hot work permit 118 on the kiln feed');
    await page.locator('#shelve-submit').click();
    await dialog.waitFor({ state: 'hidden' });

    // The card shows it is shelved: until when (the site's zone named), who and why.
    const line = page.getByTestId(`shelved-${sensor}`);
    await line.waitFor();
    expect(await line.innerText()).toMatch(/SHELVED until \d{4}-\d\d-\d\d \d\d:\d\d CES?T/i);
    expect(await line.innerText()).toContain('Sam Shelver: Hot work permit 118 on the kiln feed');
    await page.getByTestId(`unshelve-${sensor}`).waitFor();
    await screenshot(page, 'shelving-card-1440');
    await page.setViewportSize({ width: 900, height: 1000 });
    await screenshot(page, 'shelving-card-900');
    await page.setViewportSize({ width: 1440, height: 1000 });

    // The forced alarm reaches the log live, marked Shelved, and raises no toast.
    await page.goto('/notifications/all');
    await page.getByText('No active alerts').waitFor();
    await recordToasts(page);
    const alarm = await fetch(`${simulator.controlUrl}/alarm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sensor }),
    });
    expect(alarm.status).toBe(204);
    await page.locator('[data-testid^="shelved-row-"]').first().waitFor();
    expect(await page.locator('[data-testid="notification-toast"]').count()).toBe(0);
    expect(await toastsSeen(page)).toEqual([]);
    await screenshot(page, 'shelving-log-1440');

    // The site's shelved list, opened from its card, shows the sensor; the editor unshelves it there.
    await page.goto('/sites');
    await page.getByTestId(`site-shelved-${site.id}`).click();
    await page.getByTestId('shelved-page').waitFor();
    const table = page.getByTestId('shelved-table');
    await table.getByText('Hot work permit 118 on the kiln feed').waitFor();
    await table.getByText(device.title).waitFor();
    await table.getByText('Plug Switch').waitFor();
    await screenshot(page, 'shelving-list-1440');
    await page.setViewportSize({ width: 900, height: 1000 });
    await screenshot(page, 'shelving-list-900');
    const listed = await apiCall<ShelvedList>('GET', `locations/${site.id}/shelved-sensors/`, manager);
    expect(listed.results.map((shelf) => shelf.sensor_id)).toEqual([sensor]);
    await page.getByTestId(`shelved-unshelve-${listed.results[0]?.id}`).click();
    await table.getByText('No sensor of this site is shelved.').waitFor();
    const after = await apiCall<ShelvedList>('GET', `locations/${site.id}/shelved-sensors/`, manager);
    expect(after.results).toEqual([]);
  });
});
