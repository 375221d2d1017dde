import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../fixtures/api-seed';
import { screenshot, useBrowser } from '../fixtures/browser';
import { siteNow } from '../fixtures/graphs';
import {
  gotoDashboard,
  isPath,
  type SettingsScene,
  seedSettingsScene,
  signedInPage,
  typeIntoPicker,
} from '../fixtures/settings-scene';

/** The site's zone, and a browser zone far from it: every time the pages show must be the site's, labelled. */
const SITE_ZONE = 'America/New_York';
const BROWSER_ZONE = 'Asia/Tokyo';
const SITE_ZONE_LABEL = /^Site time \(E[SD]T\)$/;
const LABELLED_RECORD_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} E[SD]T$/;

/** The first day of the site's month, as the historical page's default search shows it. */
function startOfMonth(): string {
  return `${siteNow(SITE_ZONE).date.slice(0, 8)}01`;
}

/** Records in the device's history from the start of the month (the list page's default search). */
async function recordCount(seeded: SettingsScene): Promise<number> {
  const timestamp = encodeURIComponent(`${startOfMonth()} 00:00:00`);
  const records = await apiCall<{ count: number }>(
    'GET',
    `devices/${seeded.device.id}/historical/records/?timestamp=${timestamp}&limit=1`,
    seeded.manager,
  );
  return records.count;
}

let seeded: SettingsScene;

describe('historical data', () => {
  const browser = useBrowser();

  beforeAll(async () => {
    seeded = await seedSettingsScene();
    const device = await apiCall<{ location: number }>('GET', `devices/${seeded.device.id}/`, seeded.manager);
    await apiCall('PATCH', `locations/${device.location}/`, seeded.manager, { timezone: SITE_ZONE });
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
    const page = await signedInPage(browser, 'historical', seeded.email);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: BROWSER_ZONE });
    await gotoDashboard(page);

    await page.getByRole('tab', { name: 'Historical' }).click();
    const modal = page.getByRole('dialog', { name: 'Historical Data' });
    await modal.waitFor();
    const search = page.getByTestId('historical-search');
    expect(await search.isDisabled()).toBe(true);
    await page.getByTestId('historical-modal-hint').getByText('Please select date before!').waitFor();
    // The date and time are typed in the site's clock, and the modal says which.
    expect(await page.getByTestId('historical-modal-zone').innerText()).toMatch(SITE_ZONE_LABEL);
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
      new RegExp(`records from ${startOfMonth()} 00:00:00 E[SD]T$`),
    );
    expect(await page.getByTestId('historical-page-zone').innerText()).toMatch(SITE_ZONE_LABEL);
    const times = await page.locator('a[data-testid^="historical-record-"]').allInnerTexts();
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) {
      expect(time).toMatch(LABELLED_RECORD_TIME);
    }
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
    // The banner shows the record's time as the list does: the site's clock, labelled.
    expect(timestamp).toMatch(LABELLED_RECORD_TIME);
    await page
      .getByTestId('snapshot-banner')
      .getByText(`Snapshot date/time: ${timestamp}`, { exact: false })
      .waitFor();
    await screenshot(page, 'historical-snapshot-900');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.getByTestId('sensor-groups').waitFor();
    await screenshot(page, 'historical-snapshot-1440');
    await page.context().close();
  });
});
