import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from '../fixtures/browser';

describe('landing page for a visitor', () => {
  const browser = useBrowser();

  it('shows the header, the Register and Login tabs, the six information blocks and the footer', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await expect(page.getByTestId('contact-us').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('auth-toggle').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('tab', { name: /register/i }).count()).resolves.toBe(1);
    await expect(page.getByRole('tab', { name: /login/i }).count()).resolves.toBe(1);
    for (const title of [
      'Real-Time Data Access',
      'Data Trending',
      'Alarm and Notifications Log',
      'E-mail Notifications',
      'Full Data Analytics',
      'Low Cost',
    ]) {
      await expect(page.getByText(title, { exact: true }).first().isVisible()).resolves.toBe(true);
    }
    const footer = await page.locator('footer').innerText();
    expect(footer).toContain(String(new Date().getFullYear()));
    expect(footer).toMatch(/Send Feedback/);
    await screenshot(page, 'landing-visitor');
    await page.setViewportSize({ width: 800, height: 900 });
    await screenshot(page, 'landing-visitor-800');
    await page.context().close();
  });

  it('sends a visitor on an authenticated route back to /', async () => {
    const page = await browser.newPage();
    await page.goto('/sites');
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });
});
