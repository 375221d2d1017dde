import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { describe, expect, it } from 'vitest';
import { openLoginTab, screenshot, signIn, useBrowser } from '../fixtures/browser';
import { e2eServer } from '../fixtures/e2e-server';
import { linkFromMail } from '../fixtures/mail-catcher';

const FIRST_PASSWORD = 'Silo-Gate-4411';
const RESET_PASSWORD = 'Tail-Pulley-8023';
const CHANGED_PASSWORD = 'Head-Pulley-5150';

async function post(path: string, body: unknown): Promise<Response> {
  const response = await fetch(`${e2eServer().baseUrl}/api/v1/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  }
  return response;
}

/** Seeds a person of their own through the API: demo registration (captcha solved here) and activation. */
async function registerAndActivate(email: string): Promise<void> {
  const challenge = await (await fetch(`${e2eServer().baseUrl}/api/v1/captcha/challenge/`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  await post('register-for-demo/', { name: 'Paula Reyes', company: 'Reyes Grain', email, captcha });
  const activationPath = await linkFromMail(
    e2eServer().mailDir,
    email,
    /https?:\/\/\S+?\/register\/activate\/[\w-]+/,
  );
  const key = activationPath.split('/').pop() ?? '';
  await post(`users/activation/accept-terms/${key}/`, {});
  await post(`users/activation/set-password/${key}/`, {
    password1: FIRST_PASSWORD,
    password2: FIRST_PASSWORD,
  });
}

describe('password reset and change', () => {
  const browser = useBrowser();
  const email = `paula.reyes.${Date.now()}@e2e.test`;

  it('resets a forgotten password through the e-mailed link and signs in with the new one', async () => {
    await registerAndActivate(email);
    const page = await browser.newPage();
    await page.goto('/');
    await openLoginTab(page);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const reset = page.getByRole('button', { name: 'RESET' });
    await expect(reset.isDisabled()).resolves.toBe(true);
    await page.getByLabel('Enter the e-mail address of your account').fill('nobody@e2e.test');
    await reset.click();
    await page.getByText('The e-mail address is not assigned to any user account').waitFor();
    await page.getByLabel('Enter the e-mail address of your account').fill(email);
    await reset.click();
    await page
      .getByText('Your password reset link has been sent successfully. Please check your email.')
      .waitFor();
    await page.getByTestId('auth-panel').screenshot({ path: artifact('password-reset-requested') });

    const resetPath = await linkFromMail(
      e2eServer().mailDir,
      email,
      /https?:\/\/\S+?\/password\/reset\/key\/[0-9a-z]+-[0-9a-f]+/,
    );
    await page.goto(resetPath);
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
    await page.getByPlaceholder('New password').fill(RESET_PASSWORD);
    await page.getByPlaceholder('Confirm password').fill(`${RESET_PASSWORD}x`);
    await page.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
    await page.getByText('The two passwords that you entered do not match!').waitFor();
    await screenshot(page, 'password-reset-mismatch');
    await page.getByPlaceholder('Confirm password').fill(RESET_PASSWORD);
    await page.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Password has been reset with new password').waitFor();
    await screenshot(page, 'password-reset-done');

    await signIn(page, email, FIRST_PASSWORD);
    await page.getByTestId('login-error').waitFor();
    await signIn(page, email, RESET_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/sites');

    // The link works once.
    await page.context().close();
    const again = await browser.newPage();
    await again.goto(resetPath);
    await again.getByPlaceholder('New password').fill('Another-Pass-77');
    await again.getByPlaceholder('Confirm password').fill('Another-Pass-77');
    await again.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
    await again
      .getByText('The password reset link was invalid, possibly because it has already been used.')
      .waitFor();
    await again.context().close();
  });

  it('changes the password on /user/setting and signs in with the new one', async () => {
    const page = await browser.newPage();
    await signIn(page, email, RESET_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/sites');
    await page.goto('/user/setting');
    await page.getByRole('heading', { name: 'User Settings' }).waitFor();
    await expect(page.getByLabel('Full name').inputValue()).resolves.toBe('Paula Reyes');
    await expect(page.getByTestId('manage-security').getAttribute('href')).resolves.toBe('/setup2fa/');
    await page.getByLabel('Old password').fill(RESET_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill(CHANGED_PASSWORD);
    await page.getByLabel('Confirm new password').fill(`${CHANGED_PASSWORD}!`);
    await page.getByTestId('password-save').click();
    await page.getByText('The two passwords that you entered do not match!').waitFor();
    await page.getByLabel('Confirm new password').fill(CHANGED_PASSWORD);
    await page.getByTestId('password-save').click();
    await page.getByTestId('password-status').getByText('New password has been saved').waitFor();
    await screenshot(page, 'user-settings-password-saved');

    await page.getByLabel('Phone').fill('+1 515 555 0199');
    await page.getByTestId('profile-save').click();
    await page.getByTestId('profile-status').waitFor();
    await screenshot(page, 'user-settings-profile-saved');
    await expect(page.getByTestId('profile-status').innerText()).resolves.toContain(
      'User info updated successfully',
    );

    await page.getByTestId('profile-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL((url) => url.pathname === '/');
    await signIn(page, email, CHANGED_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/sites');
    await page.context().close();
  });
});

function artifact(name: string): string {
  return new URL(`../artifacts/${name}.png`, import.meta.url).pathname;
}
