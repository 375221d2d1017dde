import { describe, expect, it } from 'vitest';
import { uniqueTag } from '../fixtures/api-seed';
import { DEMO, screenshot, signIn, useBrowser } from '../fixtures/browser';

const isPath = (path: string) => (url: URL) => url.pathname === path;

describe('clients', () => {
  const browser = useBrowser();

  it('a super user adds a client, finds it, edits it, opens its sites and removes it', async () => {
    const page = await browser.newPage();
    await signIn(page, DEMO.superuser);
    await page.getByTestId('nav-clients').click();
    await page.waitForURL(isPath('/clients'));
    await page.getByRole('heading', { name: 'Clients' }).waitFor();
    for (const column of [
      'ACCOUNT',
      'EMAIL ADDRESS',
      'FULL NAME',
      'COMPANY',
      'ADDRESS',
      'PHONE NUMBER',
      'EDIT',
    ]) {
      await page.getByRole('columnheader', { name: column, exact: true }).first().waitFor();
    }
    await page.getByText('Northfield Grain Co.').waitFor();
    await page.locator('.ant-table .ant-spin-spinning').waitFor({ state: 'detached' });
    await screenshot(page, 'clients-list');

    await page.getByTestId('add-client').click();
    await page.waitForURL(isPath('/clients/add/client'));
    const number = page.getByLabel('Account number');
    await expect.poll(() => number.inputValue()).toMatch(/^\d+$/);
    await page.getByTestId('client-submit').click();
    for (const message of [
      'Please input your company',
      'Please input your address',
      'Please input your phone number',
      'Please input your name',
      'Please input your Email Address!',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await page.getByLabel('Email Address').fill('not-an-email');
    await page.getByText('The input is not valid E-mail!').waitFor();
    await screenshot(page, 'client-form-validation');

    const tag = uniqueTag();
    const company = `Quarry ${tag}`;
    await page.getByLabel('Company').fill(company);
    await page.getByLabel('Full name').fill('Petra Quarry');
    await page.getByLabel('Email Address').fill(`petra.${tag}@e2e.test`);
    await page.getByLabel('Phone number').fill('+1 555 0142');
    await page.getByLabel('Address', { exact: true }).fill('9 Stone Road\nGranite Falls');
    await page.getByTestId('client-submit').click();
    await page.getByText('Client added successfully').waitFor();
    await expect(page.getByLabel('Company').inputValue()).resolves.toBe('');
    await expect.poll(() => number.inputValue()).toMatch(/^\d+$/);
    await screenshot(page, 'client-added');

    await page.goto('/clients');
    await page.getByPlaceholder('search').fill(tag);
    await page.waitForURL(isPath(`/clients/${tag}`));
    const row = page.getByRole('row', { name: new RegExp(company) });
    await row.waitFor();
    await expect.poll(() => page.locator('tbody tr.ant-table-row').count()).toBe(1);
    await screenshot(page, 'clients-search');

    await row.getByRole('button', { name: /Change/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/clients/add/client/'));
    const clientId = page.url().split('/').filter(Boolean).pop();
    await page.getByRole('heading', { name: `${company} - Edit Client` }).waitFor();
    await page.getByLabel('Phone number').fill('+1 555 0777');
    await page.getByLabel('Alternative name').fill('Night Shift');
    await page.getByTestId('client-submit').click();
    await page.getByText('Client updated successfully').waitFor();
    await screenshot(page, 'client-updated');

    await page.goto(`/clients/${tag}`);
    await page.getByRole('row', { name: /\+1 555 0777/ }).click();
    await page.waitForURL(isPath('/sites'));
    await screenshot(page, 'client-selected-sites');

    // Removing the client also clears it as the super user's current one, leaving the demo data as it was.
    await page.goto(`/clients/add/client/${clientId}`);
    await page.getByTestId('client-remove').click();
    await page.getByText('Please confirm you want to delete this client').waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL(isPath('/clients'));
    await page.getByText('Client removed successfully').waitFor();
    await page.getByText('Please confirm you want to delete this client').waitFor({ state: 'hidden' });
    await screenshot(page, 'client-removed');
    await page.context().close();
  });
});
