import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, screenshot, signIn, useBrowser } from '../fixtures/browser';
import { e2eServer } from '../fixtures/e2e-server';
import { linkFromMail } from '../fixtures/mail-catcher';

const PASSWORD = 'Hopper-Bin-2718';

/** A close-up of one part of the page under e2e/artifacts/, easier to read than the full page. */
async function closeUp(locator: Locator, name: string): Promise<void> {
  await locator.screenshot({ path: path.resolve(import.meta.dirname, '../artifacts', `${name}.png`) });
}

/** Ticks the ALTCHA checkbox and waits until the proof of work is done and `submitTestId` is enabled. */
async function solveCaptcha(page: Page, submitTestId: string): Promise<void> {
  await page.getByTestId('captcha').getByText("I'm not a robot").click();
  await page.waitForFunction(
    (testId) => document.querySelector(`[data-testid="${testId}"]`)?.hasAttribute('disabled') === false,
    submitTestId,
  );
}

async function openRegisterTab(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('tab', { name: /register/i }).click();
  await page.getByPlaceholder('Full Name').waitFor();
}

async function fillRegistration(page: Page, email: string): Promise<void> {
  const panel = page.getByTestId('auth-panel');
  await panel.getByPlaceholder('Full Name').fill('Erin Walsh');
  await panel.getByPlaceholder('Company Name').fill('Walsh Feeds');
  await panel.getByPlaceholder('Email Address').fill(email);
}

describe('demo registration and activation', () => {
  const browser = useBrowser();

  it('registers through the captcha, activates from the e-mailed link and signs in again with the new password', async () => {
    const email = `erin.walsh.${Date.now()}@e2e.test`;
    const page = await browser.newPage();
    await openRegisterTab(page);
    await fillRegistration(page, email);
    const register = page.getByTestId('register-submit');
    await expect(register.isDisabled()).resolves.toBe(true);
    await solveCaptcha(page, 'register-submit');
    await closeUp(page.getByTestId('auth-panel'), 'register-captcha-solved');
    await register.click();
    const status = page.getByTestId('register-status');
    await status.waitFor();
    await expect(status.innerText()).resolves.toContain('Registered successfully');
    await closeUp(page.getByTestId('auth-panel'), 'register-success');

    const activationPath = await linkFromMail(
      e2eServer().mailDir,
      email,
      /https?:\/\/\S+?\/register\/activate\/[\w-]+/,
    );
    await page.goto(activationPath);
    await page.getByRole('heading', { name: 'Terms of use' }).waitFor();
    const accept = page.getByRole('button', { name: 'ACCEPT' });
    await expect(accept.isDisabled()).resolves.toBe(true);
    await page.getByRole('checkbox', { name: /accept the terms/i }).check();
    await screenshot(page, 'activation-terms');
    await accept.click();

    await page.getByRole('heading', { name: 'Set your password' }).waitFor();
    await page.getByRole('button', { name: 'ACTIVATE ME' }).click();
    await page.getByTestId('activation-status').getByText('Fields cannot be empty!!').waitFor();
    await screenshot(page, 'activation-set-password-empty');
    await page.getByPlaceholder('New password').fill(PASSWORD);
    await page.getByPlaceholder('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'ACTIVATE ME' }).click();
    await page.waitForURL((url) => url.pathname === '/sites');
    await page.getByText('Walsh Feeds - Sites').waitFor();
    await page.getByText('Demo Site', { exact: true }).first().waitFor();
    await screenshot(page, 'activation-signed-in');

    await page.getByTestId('profile-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL((url) => url.pathname === '/');
    await signIn(page, email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/sites');

    // The link works once.
    await page.goto(activationPath);
    await page.getByTestId('activation-status').getByText('Sorry, the activation link is invalid.').waitFor();
    await page.waitForURL((url) => url.pathname === '/sites');
    await page.context().close();
  });

  it('warns when the e-mail is already registered', async () => {
    const page = await browser.newPage();
    await openRegisterTab(page);
    await fillRegistration(page, DEMO.user);
    await solveCaptcha(page, 'register-submit');
    await page.getByTestId('register-submit').click();
    const status = page.getByTestId('register-status');
    await status.waitFor();
    await expect(status.innerText()).resolves.toContain('The email address is already registered.');
    await closeUp(page.getByTestId('auth-panel'), 'register-email-taken');
    await page.context().close();
  });

  it('names the missing fields', async () => {
    const page = await browser.newPage();
    await openRegisterTab(page);
    await solveCaptcha(page, 'register-submit');
    await page.getByTestId('register-submit').click();
    for (const text of [
      'Full Name!',
      'Please input your Company Name!',
      'Please input your Email Address!',
    ]) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    await page.context().close();
  });

  it('an unknown activation link says so, then returns to /', async () => {
    const page = await browser.newPage();
    await page.goto('/register/activate/not-a-real-key');
    await page.getByTestId('activation-status').getByText('Sorry, the activation link is invalid.').waitFor();
    await screenshot(page, 'activation-invalid');
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });
});
