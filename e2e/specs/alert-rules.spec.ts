import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueTag } from '../fixtures/api-seed';
import { DEMO, screenshot, signIn, useBrowser } from '../fixtures/browser';

const isPath = (path: string) => (url: URL) => url.pathname === path;
const LIST = '/user/setting/notification';
const ADD = '/user/setting/add/notification';
const DEVICE = 'Leg 1 Hazard Monitor';

/** Opens an antd Select by its test id and picks the option with this exact text. */
async function choose(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${text}"]`).click();
}

/** Waits until no antd dropdown is open, so a screenshot shows the form itself. */
async function dropdownsClosed(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

async function tableSettled(page: Page): Promise<void> {
  await page.locator('.ant-table .ant-spin-spinning').waitFor({ state: 'detached' });
}

async function searchFor(page: Page, text: string): Promise<void> {
  const search = page.getByPlaceholder('search');
  await search.fill(text);
  await search.press('Enter');
  await tableSettled(page);
}

describe('e-mail alert rules', () => {
  const browser = useBrowser();

  it('a user adds an alarm rule for a device, finds it, changes X and removes it', async () => {
    const page = await browser.newPage({ width: 1440, height: 900 });
    await signIn(page, DEMO.user);
    await page.waitForURL((url) => url.pathname !== '/');
    await page.getByTestId('nav-email-alerts').click();
    await page.waitForURL(isPath(LIST));
    await page.getByRole('heading', { name: 'Email Alerts' }).waitFor();
    for (const column of ['EVENT TYPE', 'CONTACT WHEN', 'DEVICES', 'SMART NOTIFY', 'ALTERNATIVE CONTACT']) {
      await page.getByRole('columnheader', { name: column, exact: true }).first().waitFor();
    }

    await page.getByTestId('add-alert-rule').click();
    await page.waitForURL(isPath(ADD));
    await page.getByRole('heading', { name: 'Add Email Alert' }).waitFor();
    // A section 9 defaults: first event type, 'As Alert happens'.
    await page.getByTestId('alert-rule-event-type').getByText('Alarm Changed').waitFor();
    await page.getByTestId('alert-rule-contact-when').getByText('As Alert happens').waitFor();
    await screenshot(page, 'alert-rule-form-1440');

    await page.getByTestId('alert-rule-submit').click();
    await page.getByText('Please select All Devices or select one of devices!', { exact: true }).waitFor();
    await page.getByLabel('Send to alternative contact').click();
    await page.getByTestId('alert-rule-submit').click();
    await page.getByText('Please input your alternative contact', { exact: true }).waitFor();
    await screenshot(page, 'alert-rule-form-validation-1440');

    const tag = uniqueTag();
    const contact = `night.${tag}@e2e.test`;
    await page.getByLabel('Alternative contact', { exact: true }).fill(contact);
    await choose(page, 'alert-rule-contact-when', 'Notify if the alarm is not cleared after X minutes');
    await page.getByLabel('X', { exact: true }).fill('5');
    await page.getByTestId('alert-rule-devices').click();
    await page.keyboard.type('Leg 1');
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${DEVICE}"]`).click();
    await page.keyboard.press('Escape');
    await page.getByLabel('Smart Notify').click();
    await page.getByLabel('E-mails per hour').fill('3');
    await page
      .getByText('Please select All Devices or select one of devices!')
      .waitFor({ state: 'detached' });
    await dropdownsClosed(page);
    await screenshot(page, 'alert-rule-form-filled-1440');
    await page.getByTestId('alert-rule-submit').click();

    await page.waitForURL(isPath(LIST));
    await page.getByText('Email alert added').waitFor();
    await searchFor(page, tag);
    const row = page.getByRole('row', { name: new RegExp(contact.replace(/\./g, '\\.')) });
    await row.waitFor();
    await expect.poll(() => page.locator('tbody tr.ant-table-row').count()).toBe(1);
    const cells = await row.locator('td').allInnerTexts();
    expect(cells).toEqual([
      'Alarm Changed',
      'Notify if the alarm is not cleared after 5 minutes',
      DEVICE,
      '3 per hour',
      contact,
    ]);
    await screenshot(page, 'alert-rules-list-1440');

    await row.click();
    await page.waitForURL((url) => url.pathname.startsWith(`${ADD}/`));
    await page.getByRole('heading', { name: 'Edit Email Alert' }).waitFor();
    const x = page.getByLabel('X', { exact: true });
    await expect.poll(() => x.inputValue()).toBe('5');
    await x.fill('15');
    await page.getByTestId('alert-rule-submit').click();
    await page.waitForURL(isPath(LIST));
    await page.getByText('Email alert updated').waitFor();
    await searchFor(page, tag);
    await row.getByText('Notify if the alarm is not cleared after 15 minutes').waitFor();

    await row.click();
    await page.getByRole('heading', { name: 'Edit Email Alert' }).waitFor();
    await page.getByTestId('alert-rule-remove').click();
    await page.getByText('Please confirm you want to remove this email alert').waitFor();
    await page.getByRole('button', { name: 'REMOVE', exact: true }).click();
    await page.waitForURL(isPath(LIST));
    await page.getByText('Email alert removed').waitFor();
    await searchFor(page, tag);
    await expect.poll(() => page.locator('tbody tr.ant-table-row').count()).toBe(0);
  });

  it('shows the list and the form at 900 px (collapsed sidebar)', async () => {
    const page = await browser.newPage({ width: 900, height: 900 });
    await signIn(page, DEMO.user);
    await page.waitForURL((url) => url.pathname !== '/');
    await page.goto(ADD);
    await page.getByRole('heading', { name: 'Add Email Alert' }).waitFor();
    await page.getByLabel('All Devices').click();
    await choose(page, 'alert-rule-event-type', 'Warning Changed');
    await choose(page, 'alert-rule-contact-when', 'Notify every X hours if the alarm is not cleared');
    await page.getByLabel('X', { exact: true }).fill('2');
    await dropdownsClosed(page);
    await screenshot(page, 'alert-rule-form-900');
    await page.getByTestId('alert-rule-submit').click();
    await page.waitForURL(isPath(LIST));
    await page.getByText('Email alert added').waitFor();
    await tableSettled(page);
    const row = page.getByRole('row', { name: /Notify every 2 hours if the alarm is not cleared/ }).first();
    await row.getByText('All Devices').waitFor();
    await screenshot(page, 'alert-rules-list-900');
    const overflow = await page
      .getByTestId('alert-rules-table')
      .locator('.ant-table-content, .ant-table-body')
      .first()
      .evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // An event that does not last can only be mailed as it happens; Smart Notify is for alarm and warning.
    await row.click();
    await page.getByRole('heading', { name: 'Edit Email Alert' }).waitFor();
    await choose(page, 'alert-rule-event-type', 'Device Power Up');
    await page.getByTestId('alert-rule-contact-when').getByText('As Alert happens').waitFor();
    await expect.poll(() => page.getByLabel('Smart Notify').count()).toBe(0);
    await page.getByTestId('alert-rule-remove').click();
    await page.getByRole('button', { name: 'REMOVE', exact: true }).click();
    await page.getByText('Email alert removed').waitFor();
  });
});
