import { describe, expect, it } from 'vitest';
import { DEMO, screenshot, signIn, useBrowser } from '../fixtures/browser';
import { seedManagedSite } from '../fixtures/managed-site';

const isPath = (path: string) => (url: URL) => url.pathname === path;

describe('visual dashboard access (M section 2)', () => {
  const browser = useBrowser();

  it('a user without visual_dashboard_enabled has no sidebar entry and is sent from /visual-dashboard to /', async () => {
    const page = await browser.newPage();
    // The demo's one account without the visual dashboard (demo-data.ts).
    await signIn(page, 'manager@harborfeed.demo');
    await page.waitForURL(isPath('/sites'));
    await page.getByTestId('nav-sites').waitFor();
    await expect(page.getByTestId('nav-visual-dashboard').count()).resolves.toBe(0);

    // '/' itself sends a user with a client on to /sites (A section 2).
    for (const path of ['/visual-dashboard', '/visual-dashboard/site/1/schemas/']) {
      await page.goto(path);
      await page.waitForURL(isPath('/sites'));
    }
    // The Sites page has drawn, so a 'not enabled' page would be on screen by now.
    await page.getByRole('heading', { name: /- Sites$/ }).waitFor();
    await expect(page.getByText('not enabled').count()).resolves.toBe(0);
    await screenshot(page, 'visual-dashboard-not-enabled');
    await page.context().close();
  });

  it('a user with visual_dashboard_enabled has the sidebar entry', async () => {
    const page = await browser.newPage();
    await signIn(page, DEMO.oem);
    await page.getByTestId('nav-visual-dashboard').waitFor();
    await page.context().close();
  });

  it("a site's schemas list: the breadcrumb, 'Schemas list', Add new schema for an editor, the demo plant's card, and a site with no schema yet", async () => {
    const page = await browser.newPage({ width: 1440, height: 900 });
    await signIn(page, DEMO.superuser);
    await page.getByTestId('nav-visual-dashboard').waitFor();
    await page.goto('/visual-dashboard/site/1/schemas/');
    await page.getByTestId('schemas-page').waitFor();
    await page.getByRole('heading', { name: 'Schemas list' }).waitFor();
    await page.getByText('VISUAL DASHBOARD', { exact: true }).waitFor();
    await page.getByRole('button', { name: /Add new schema/ }).waitFor();
    // The Main Elevator's plant, published by the demo's first start (demo-plant.ts).
    await page.getByText('Plant overview').first().waitFor();
    await screenshot(page, 'visual-dashboard-schemas-1440');
    // A new site of a new client: other journeys on this server draw schemas on the demo's sites.
    const { site } = await seedManagedSite({ title: 'Empty Yard', address: '1 Dock Road', timezone: 'UTC' });
    await page.goto(`/visual-dashboard/site/${site.id}/schemas/`);
    await page.getByText('This site has no schema yet.').waitFor();
    await page.context().close();

    const tablet = await browser.newPage({ width: 900, height: 1000 });
    await signIn(tablet, DEMO.superuser);
    await tablet.getByTestId('nav-visual-dashboard').waitFor();
    await tablet.goto('/visual-dashboard/site/1/schemas/');
    await tablet.getByRole('heading', { name: 'Schemas list' }).waitFor();
    await screenshot(tablet, 'visual-dashboard-schemas-900');
    await tablet.context().close();
  });
});
