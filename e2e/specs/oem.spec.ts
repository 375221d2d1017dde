import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, uniqueTag } from '../fixtures/api-seed';
import { DEMO, screenshot, signIn, useBrowser } from '../fixtures/browser';
import { e2eServer } from '../fixtures/e2e-server';
import { makePng } from '../fixtures/png';

/** A 160×40 teal logo with a white band, easy to tell from the default mark. */
const LOGO = makePng(160, 40, (x, y) => (Math.abs(x - 2 * y - 50) < 12 ? [255, 255, 255] : [15, 118, 110]));
const CUSTOM_CSS = '.app-header, .landing-header, .public-header { border-bottom: 4px solid #0f766e; }';
/** The demo person whose reset mail shows up in the outbox (no other journey resets this account). */
const RESET_EMAIL = 'manager@harborfeed.demo';

/** Static pages live under api/v2. */
async function deleteFlatpageByUrl(url: string): Promise<void> {
  const base = `${e2eServer().baseUrl}/api/v2`;
  const pages = (await (await fetch(`${base}/get-flatpages/`)).json()) as Array<{ id: number; url: string }>;
  const page = pages.find((item) => item.url === url);
  if (page !== undefined) {
    const token = await apiLogin(DEMO.oem);
    await fetch(`${base}/flatpages/${page.id}/`, {
      method: 'DELETE',
      headers: { Authorization: `JWT ${token}` },
    });
  }
}

/** The OEM settings are global: put them back so the other journeys see the default portal. */
async function restoreOemDefaults(): Promise<void> {
  const token = await apiLogin(DEMO.oem);
  await apiCall('PATCH', 'oem/settings/', token, {
    logo: null,
    css: '',
    support_address: '',
    support_phone: '',
    support_email: '',
  });
  // POST replaces the whole feed: an empty list clears it.
  await apiCall('POST', 'oem/rss-feed/', token, []);
}

describe('OEM area', () => {
  const browser = useBrowser();
  const tag = uniqueTag();
  afterAll(restoreOemDefaults);

  it('an OEM user edits support contacts, uploads a logo and adds an RSS entry; visitors then see the logo', async () => {
    const page = await browser.newPage();
    await signIn(page, DEMO.oem);
    await page.getByTestId('nav-oem-settings').click();
    await page.waitForURL((url) => url.pathname === '/oem/setting');
    await page.getByTestId('oem-card-contacts').waitFor();
    await expect(page.getByTestId('oem-card-outbox').count()).resolves.toBe(0);
    await screenshot(page, 'oem-hub');

    await page.getByTestId('oem-card-contacts').click();
    await page.waitForURL((url) => url.pathname === '/settings/oem/contacts');
    await page.getByLabel('Address').fill('1 Conveyor Way\nLeeds LS1 1AA');
    await page.getByLabel('Phone').fill('+44 113 555 0100');
    await page.getByLabel('E-mail').fill('not-an-email');
    await page.getByTestId('contacts-save').click();
    await page.getByText('The input is not valid E-mail!').waitFor();
    await page.getByLabel('E-mail').fill(`support.${tag}@maker.test`);
    await page.getByLabel('Custom styling').fill(CUSTOM_CSS);
    await page.getByTestId('contacts-save').click();
    await page
      .getByTestId('contacts-alert')
      .filter({ hasText: 'Support contacts saved successfully' })
      .waitFor();

    await page.locator('[data-testid="logo-card"] input[type="file"]').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: LOGO,
    });
    await page.getByTestId('contacts-alert').filter({ hasText: 'Logo saved successfully' }).waitFor();
    await page.getByAltText('Custom logo preview').waitFor();
    // The header picks up the new logo and the custom CSS at once.
    await page.getByTestId('custom-logo').waitFor();
    await expect(page.getByTestId('oem-css').count()).resolves.toBe(1);
    await screenshot(page, 'oem-support-contacts');

    await page.goto('/settings/rss/edit');
    await page.getByTestId('rss-add').click();
    await page.getByTestId('rss-save').click();
    await page.getByText('Please input your title').waitFor();
    await page.getByLabel('Title 1').fill(`Firmware 5.2 ${tag}`);
    await page.getByLabel('Description 1').fill('New belt alignment diagnostics for F500 gateways.');
    await page.getByLabel('URL 1').fill('javascript:alert(1)');
    await page.getByTestId('rss-save').click();
    await page.getByText('The input is not valid URL!').waitFor();
    await page.getByLabel('URL 1').fill('https://maker.test/firmware-5-2');
    await page.getByTestId('rss-save').click();
    await page.getByTestId('rss-alert').filter({ hasText: 'RSS feeds saved successfully' }).waitFor();
    await screenshot(page, 'oem-rss-feed');
    const token = await apiLogin(DEMO.user);
    const feed = await apiCall<{ results: Array<{ title: string }> }>('GET', 'oem/rss-feed/', token);
    expect(feed.results.map((entry) => entry.title)).toContain(`Firmware 5.2 ${tag}`);
    await page.context().close();

    const visitor = await browser.newPage();
    await visitor.goto('/');
    const logo = visitor.getByTestId('custom-logo');
    await logo.waitFor();
    await expect(logo.getAttribute('src')).resolves.toMatch(/^data:image\/png;base64,/);
    await expect(logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).resolves.toBe(160);
    await screenshot(visitor, 'oem-landing-custom-logo');
    await visitor.context().close();
  });

  it('a static page keeps its formatting and scoped CSS but loses its script; visitors cannot open /flatpages/', async () => {
    const page = await browser.newPage();
    await signIn(page, DEMO.oem);
    await page.getByTestId('nav-oem-settings').waitFor();
    await page.goto('/settings/flatpages');
    await page.getByTestId('add-page').click();
    await page.getByLabel('URL', { exact: true }).fill(`/terms-${tag}/`);
    await page.getByLabel('Title').fill('Terms of use');
    await page
      .getByLabel('Content (HTML)')
      .fill(
        '<h2>Terms</h2><p>Status display only.</p><img src="x" onerror="window.pwned=1"><script>window.pwned=2</script>',
      );
    await page.getByLabel('CSS', { exact: true }).fill('h2 { color: rgb(15, 118, 110); }');
    const preview = page.getByTestId('flatpage-preview');
    await preview.getByText('Status display only.').waitFor();
    const previewHtml = await preview.locator('.flatpage-scope').innerHTML();
    expect(previewHtml).not.toMatch(/onerror|script/);
    await screenshot(page, 'oem-static-page-editor');
    await page.getByTestId('page-save').click();
    await page.getByTestId('pages-alert').filter({ hasText: 'Page added successfully' }).waitFor();
    await page.getByTestId('pages-table').getByText('Terms of use').waitFor();
    await screenshot(page, 'oem-static-pages-list');

    await page.goto(`/flatpages/?url=/terms-${tag}/`);
    const heading = page.getByTestId('flatpage').getByRole('heading', { name: 'Terms', exact: true });
    await heading.waitFor();
    await expect(heading.evaluate((element) => getComputedStyle(element).color)).resolves.toBe(
      'rgb(15, 118, 110)',
    );
    // Scoped: the page's CSS does not reach headings outside the page.
    const title = page.getByRole('heading', { name: 'Terms of use' });
    await expect(title.evaluate((element) => getComputedStyle(element).color)).resolves.not.toBe(
      'rgb(15, 118, 110)',
    );
    await expect(page.evaluate(() => (window as { pwned?: number }).pwned)).resolves.toBeUndefined();
    await screenshot(page, 'oem-static-page-view');
    await page.context().close();

    // A section 2: /flatpages/ is among the OEM/admin-only routes; a visitor is sent to '/'.
    const visitor = await browser.newPage();
    await visitor.goto(`/flatpages/?url=/terms-${tag}/`);
    await visitor.waitForURL((url) => url.pathname === '/');
    await visitor
      .getByPlaceholder('Email Or Username')
      .or(visitor.getByRole('tab', { name: /login/i }))
      .first()
      .waitFor();
    await visitor.context().close();
    await deleteFlatpageByUrl(`/terms-${tag}/`);
  });

  // The e2e server delivers mail to a catcher, so the message is often 'Sent' by the time the page loads.
  it('a super user opens the outbox and reads a password reset mail; OEM users cannot', async () => {
    await apiCall('POST', 'accounts/password/reset/', undefined, { email: RESET_EMAIL });
    const page = await browser.newPage();
    await signIn(page, DEMO.superuser);
    await page.getByTestId('nav-oem-settings').click();
    await page.getByTestId('oem-card-outbox').click();
    await page.waitForURL((url) => url.pathname === '/oem/outbox');
    const row = page.getByTestId('outbox-table').locator('tr', { hasText: RESET_EMAIL }).first();
    await row.waitFor();
    await expect(row.innerText()).resolves.toMatch(/password-reset/);
    await expect(row.innerText()).resolves.toMatch(/Queued|Sent/);
    await screenshot(page, 'oem-outbox');

    await row.click();
    const drawer = page.getByTestId('outbox-drawer');
    await expect(drawer.getByTestId('outbox-text').innerText()).resolves.toContain('/password/reset/key/');
    await drawer.getByRole('tab', { name: 'HTML' }).click();
    const frame = drawer.getByTestId('outbox-html');
    await frame.waitFor();
    await expect(frame.getAttribute('sandbox')).resolves.toBe('');
    await screenshot(page, 'oem-outbox-drawer');
    await page.context().close();

    const oem = await browser.newPage();
    await signIn(oem, DEMO.oem);
    await oem.getByTestId('nav-oem-settings').waitFor();
    await oem.goto('/oem/outbox');
    await oem.waitForURL((url) => url.pathname === '/oem/setting');
    await oem.context().close();
  });

  it('users without the OEM role are sent away from the OEM screens, /flatpages/ included', async () => {
    const page = await browser.newPage();
    await signIn(page, DEMO.manager);
    await page.getByTestId('profile-menu').waitFor();
    for (const path of [
      '/oem/setting',
      '/settings/rss/edit',
      '/settings/oem/contacts',
      '/settings/flatpages',
      '/flatpages/',
    ]) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/sites');
    }
    await page.context().close();
  });

  it('the hub shows the connection message when the OEM data cannot be loaded', async () => {
    const page = await browser.newPage();
    await page.route('**/api/v1/oem/settings/', (route) => route.abort());
    await signIn(page, DEMO.oem);
    await page.getByTestId('nav-oem-settings').click();
    const alert = page.getByTestId('oem-load-error');
    await alert.waitFor();
    await expect(alert.innerText()).resolves.toContain(
      'An error has occurred, check your internet connection!',
    );
    await screenshot(page, 'oem-hub-load-error');
    await page.context().close();
  });
});
