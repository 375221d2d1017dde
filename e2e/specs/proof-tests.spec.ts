import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from '../fixtures/api-seed';
import { DEMO, screenshot, signIn, useBrowser } from '../fixtures/browser';
import { WAIT_CEILING_MS } from '../fixtures/wait';

const isPath = (path: string) => (url: URL) => url.pathname === path;

type SiteItem = { id: number; title: string; proof_test_interval_days: number };
type Report = { counts: { ok: number; due: number; overdue: number; never: number }; devices: unknown[] };

async function openReport(page: Page, site: SiteItem): Promise<void> {
  await page.goto('/sites');
  await page.getByTestId(`site-proof-tests-${site.id}`).click();
  await page.waitForURL(isPath(`/sites/${site.id}/proof-test-report`));
  await page.getByRole('heading', { name: `Proof-test report: ${site.title}` }).waitFor();
}

describe('proof-test report (beyond the spec)', () => {
  const browser = useBrowser();

  it("a manager opens a site's report from its card, sets the site's interval and sees it in the report", async () => {
    const token = await apiLogin(DEMO.manager);
    const sites = await apiCall<{ results: SiteItem[] }>('GET', 'locations/', token);
    const site = sites.results.find((item) => item.title === 'Main Elevator') ?? sites.results[0];
    if (site === undefined) {
      throw new Error('the demo manager has no site');
    }
    // The demo devices report within seconds of start; wait until the report lists their sensors.
    await expect
      .poll(
        async () => {
          const report = await apiCall<Report>('GET', `locations/${site.id}/proof-tests/`, token);
          return report.counts.never + report.counts.ok + report.counts.due + report.counts.overdue;
        },
        { timeout: WAIT_CEILING_MS, interval: 500 },
      )
      .toBeGreaterThan(0);

    const page = await browser.newPage({ width: 1440, height: 900 });
    await signIn(page, DEMO.manager);
    await page.getByTestId('nav-sites').waitFor();
    await openReport(page, site);
    await page.getByText(`every ${site.proof_test_interval_days} days`, { exact: false }).waitFor();
    const totals = await page.getByTestId('proof-test-totals').innerText();
    expect(totals).toMatch(/\d+ tested, \d+ due within 14 days, \d+ overdue, \d+ never tested\./);
    await page.getByText('Never tested').first().waitFor();
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await screenshot(page, 'proof-test-report-1440');

    // The interval is a site field, on the Edit Site form.
    await page.goto(`/sites/edit/${site.id}`);
    const interval = page.getByLabel('Proof-test interval (days)');
    await interval.fill('0');
    await page.getByTestId('site-save').click();
    await page.getByText('Enter a whole number of days from 1 to 3650.').waitFor();
    await interval.fill('30');
    await page.getByTestId('site-save').click();
    await page.getByText('Site updated successfully').waitFor();
    await openReport(page, site);
    await page.getByText('every 30 days', { exact: false }).waitFor();

    await page.setViewportSize({ width: 900, height: 1000 });
    await page.getByText('Never tested').first().waitFor();
    await screenshot(page, 'proof-test-report-900');
    // Leave the demo as it was.
    await apiCall('PATCH', `locations/${site.id}/`, token, {
      proof_test_interval_days: site.proof_test_interval_days,
    });
  });
});
