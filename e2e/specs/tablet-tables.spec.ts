import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from '../fixtures/api-seed';
import { DEMO, screenshot, signIn, useBrowser } from '../fixtures/browser';

const TABLET = { width: 900, height: 800 };

/** The table needs no inner horizontal scroll and its first action control lies fully inside the window. */
async function expectUsableAtTablet(page: Page, tableTestId: string, actionSelector: string): Promise<void> {
  const table = page.getByTestId(tableTestId);
  const action = table.locator(actionSelector).first();
  await action.waitFor();
  await table.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
  const overflow = await table
    .locator('.ant-table-content, .ant-table-body')
    .first()
    .evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await action.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(TABLET.width);
}

describe('admin tables at tablet width (900 px)', () => {
  const browser = useBrowser();

  it('the Clients table shows PHONE NUMBER and EDIT without scrolling', async () => {
    const page = await browser.newPage(TABLET);
    await signIn(page, DEMO.superuser);
    await page.getByTestId('nav-clients').click();
    await page.getByText('Northfield Grain Co.').waitFor();
    await page.getByRole('columnheader', { name: 'PHONE NUMBER', exact: true }).first().waitFor();
    await expectUsableAtTablet(page, 'clients-table', '[data-testid^="change-client-"]');
    await screenshot(page, 'tablet-clients');
    await page.context().close();
  });

  it('the assigned users of Edit site and the hardware units keep their actions in view', async () => {
    const page = await browser.newPage(TABLET);
    const accounts = await apiLogin('accounts@northfield.demo');
    const sites = await apiCall<{ results: Array<{ id: number; title: string }> }>(
      'GET',
      'locations/',
      accounts,
    );
    const main = sites.results.find((site) => site.title === 'Main Elevator');
    await signIn(page, 'accounts@northfield.demo');
    await page.getByTestId('nav-sites').waitFor();
    await page.goto(`/sites/edit/${main?.id}`);
    await expectUsableAtTablet(page, 'assigned-users-table', '[data-testid^="user-edit-"]');
    await screenshot(page, 'tablet-edit-site');
    await page.context().close();

    const staff = await browser.newPage(TABLET);
    await signIn(staff, DEMO.superuser);
    await staff.getByTestId('nav-clients').waitFor();
    await staff.goto('/oem/hardware');
    await expectUsableAtTablet(staff, 'hardware-table', 'button[aria-label^="Remove "]');
    await screenshot(staff, 'tablet-hardware');
    await staff.context().close();
  });
});
