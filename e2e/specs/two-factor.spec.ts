import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { activate, apiCall, apiLogin, createClientAsAdmin, SEEDED_PASSWORD } from '../fixtures/api-seed';
import { DEMO, screenshot, signIn, useBrowser } from '../fixtures/browser';

/** The code an authenticator app would show, `steps` periods from now. */
function codeOf(secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

const isPath = (path: string) => (url: URL) => url.pathname.toLowerCase() === path.toLowerCase();

/** Step 1 makes the QR code; the test reads the key shown for typing by hand, as a person could. */
async function generateSecret(page: Page): Promise<string> {
  await page.getByTestId('setup-2fa').click();
  await page.getByTestId('qr-code').waitFor();
  const secret = await page.getByTestId('totp-secret').getAttribute('data-secret');
  if (secret === null) {
    throw new Error('the setup page shows no key');
  }
  const shown = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(shown).toContain(secret);
  await expect.poll(() => page.getByTestId('verify-2fa').isEnabled()).toBe(true);
  return secret;
}

async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByTestId('verify-2fa').click();
}

describe('two-factor security', () => {
  const browser = useBrowser();

  it('a user sets up 2FA, is asked for a code at the next sign-in, and can reset it', async () => {
    const client = await createClientAsAdmin();
    await activate(client.email, SEEDED_PASSWORD);
    const page = await browser.newPage();
    await signIn(page, client.email, SEEDED_PASSWORD);
    await page.waitForURL(isPath('/sites'));

    await page.goto('/setup2fa/');
    await page.getByRole('heading', { name: 'Manage Security' }).waitFor();
    await page.getByText('Step 1: Setup 2FA').waitFor();
    await screenshot(page, 'two-factor-manage-unregistered');

    const secret = await generateSecret(page);
    await page
      .getByText('Device registered, please verify by entering the token displayed on your device')
      .waitFor();
    await expect(page.getByTestId('otpauth-link').getAttribute('href')).resolves.toMatch(
      /^otpauth:\/\/totp\/Vigil:/,
    );
    await screenshot(page, 'two-factor-setup-qr');
    // A section 9: the alert closes after 5 s.
    await page
      .getByText('Device registered, please verify by entering the token displayed on your device')
      .waitFor({ state: 'hidden' });

    await enterCode(page, codeOf(secret));
    await page.getByText('Two factor set up complete').waitFor();
    await page.getByTestId('reset-authentication').waitFor();
    await screenshot(page, 'two-factor-setup-complete');

    await page.getByTestId('profile-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(isPath('/'));
    await signIn(page, client.email, SEEDED_PASSWORD);
    await page.waitForURL(isPath('/verify2FA/'));
    await page.getByText('Please enter the code on your device').waitFor();
    await page.goto('/sites');
    await page.waitForURL(isPath('/verify2FA/'));

    await enterCode(page, '000000');
    await page.getByText('Device verification failed, please try again!').waitFor();
    await screenshot(page, 'two-factor-verify-wrong-code');
    // The setup used this period's code; a code works once, so the app's next one is entered.
    await enterCode(page, codeOf(secret, 1));
    await page.waitForURL(isPath('/sites'));
    await screenshot(page, 'two-factor-verified-sites');

    await page.goto('/setup2fa/');
    await page.getByTestId('reset-authentication').click();
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await page.getByText('Authentication removed').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByTestId('setup-2fa').waitFor();
    await screenshot(page, 'two-factor-reset');
    await page.context().close();
  });

  it('a client that requires 2FA sends its freshly activated user to the setup page first', async () => {
    const client = await createClientAsAdmin({ is_2fa_required: true });
    await activate(client.email, SEEDED_PASSWORD);
    const page = await browser.newPage();
    await signIn(page, client.email, SEEDED_PASSWORD);
    await page.waitForURL(isPath('/setup2FA/'));
    await page.getByText('Your organisation requires two-factor authentication').waitFor();
    await expect(page.getByTestId('sider').count()).resolves.toBe(0);
    await screenshot(page, 'two-factor-required-setup');
    await page.goto('/sites');
    await page.waitForURL(isPath('/setup2FA/'));

    const secret = await generateSecret(page);
    await enterCode(page, codeOf(secret));
    await page.waitForURL(isPath('/sites'));
    await page.getByTestId('sider').waitFor();
    await page.getByText('Two factor set up complete').waitFor();
    await screenshot(page, 'two-factor-required-done');
    await page.context().close();
  });

  it('a user signed in when their client starts requiring 2FA is sent to the setup page at the next call', async () => {
    const client = await createClientAsAdmin();
    await activate(client.email, SEEDED_PASSWORD);
    const page = await browser.newPage();
    await signIn(page, client.email, SEEDED_PASSWORD);
    await page.getByTestId('sider').waitFor();

    const admin = await apiLogin(DEMO.superuser);
    await apiCall('PATCH', `clients/${client.id}/`, admin, { is_2fa_required: true });
    // The next call the page makes (here the site list, fetched again on reload) meets the server's gate.
    await page.reload();
    await page.waitForURL(isPath('/setup2FA/'));
    await page.getByText('Your organisation requires two-factor authentication').waitFor();
    await page.context().close();
  });
});
