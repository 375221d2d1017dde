import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from '../fixtures/browser';

describe('feedback', () => {
  const browser = useBrowser();

  it('a visitor sends feedback from the footer link through the captcha', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await page.locator('footer').getByText('Send Feedback').click();
    await page.waitForURL((url) => url.pathname === '/feedback');
    await page.getByRole('heading', { name: 'Send Feedback' }).waitFor();
    const send = page.getByTestId('feedback-submit');
    await expect(send.isDisabled()).resolves.toBe(true);

    await page.getByTestId('captcha').getByText("I'm not a robot").click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="feedback-submit"]')?.hasAttribute('disabled') === false,
    );
    await send.click();
    await page.getByText('Please select a topic!').waitFor();
    await page.getByText('Please input your message').waitFor();

    await page.getByLabel('Topic').click();
    const topics = await page.locator('.ant-select-item-option').allInnerTexts();
    expect(topics).toEqual(['Website usage', 'Feature request', 'Issue', 'Other']);
    await page.locator('.ant-select-item-option', { hasText: 'Feature request' }).click();
    await page.getByLabel('Message').fill('Please add a weekly PDF summary of alarms.');
    await expect(page.getByText('42 / 1500').count()).resolves.toBe(1);
    await send.click();
    const status = page.getByTestId('feedback-status');
    await status.waitFor();
    await expect(status.innerText()).resolves.toContain('Your feedback has been saved successfully.');
    await screenshot(page, 'feedback-sent');
    await expect(page.getByLabel('Message').inputValue()).resolves.toBe('');
    await expect(send.isDisabled()).resolves.toBe(true);
    await page.context().close();
  });
});
