import { describe, expect, it } from 'vitest';
import { DEMO, openLoginTab, screenshot, signIn, useBrowser } from '../fixtures/browser';

describe('signing in and out', () => {
  const browser = useBrowser();

  it('a superuser signs in, sees the sidebar with Clients, and signs out', async () => {
    const page = await browser.newPage();
    await signIn(page, DEMO.superuser);
    await page.getByTestId('nav-clients').waitFor();
    await expect(page.getByTestId('nav-oem-settings').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('profile-menu').innerText()).resolves.toContain('Sam Super');
    await screenshot(page, 'superuser-shell');

    await page.getByTestId('profile-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('auth-toggle').waitFor();
    const token = await page.evaluate(() =>
      Object.keys(window.localStorage).filter((key) => /token/i.test(key)),
    );
    const values = await page.evaluate((keys) => keys.map((key) => window.localStorage.getItem(key)), token);
    expect(values.every((value) => value === null || value === '')).toBe(true);
    await page.goto('/clients');
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('a wrong password shows the message', async () => {
    const page = await browser.newPage();
    await signIn(page, DEMO.superuser, 'Not-the-password-1');
    const alert = page.getByTestId('login-error');
    await alert.waitFor();
    await expect(alert.innerText()).resolves.toContain('Wrong email or password.');
    await screenshot(page, 'login-wrong-password');
    await page.context().close();
  });

  it('empty fields show the validation messages', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await openLoginTab(page);
    await page.getByTestId('login-submit').click();
    await page.getByText('Please input your Email Or Username!').waitFor();
    await page.getByText('Please input your Password!').waitFor();
    await page.context().close();
  });

  it('an ordinary user does not see Clients or OEM Settings', async () => {
    const page = await browser.newPage();
    await signIn(page, DEMO.user);
    await page.getByTestId('nav-sites').waitFor();
    await expect(page.getByTestId('nav-clients').count()).resolves.toBe(0);
    await expect(page.getByTestId('nav-oem-settings').count()).resolves.toBe(0);
    await page.goto('/clients');
    await page.waitForURL((url) => url.pathname === '/sites');
    await screenshot(page, 'user-shell');
    await page.context().close();
  });

  it('the sidebar collapses below 1000 px', async () => {
    const page = await browser.newPage({ width: 900, height: 800 });
    await signIn(page, DEMO.superuser);
    const sider = page.getByTestId('sider');
    await sider.waitFor();
    await page.waitForFunction(() => {
      const element = document.querySelector('[data-testid="sider"]');
      return element !== null && element.getBoundingClientRect().width === 80;
    });
    await screenshot(page, 'superuser-shell-tablet');
    await page.context().close();
  });
});
