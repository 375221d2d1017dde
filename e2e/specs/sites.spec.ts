import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin, createClientAsAdmin, uniqueTag } from '../fixtures/api-seed';
import { DEMO, screenshot, signIn, useBrowser } from '../fixtures/browser';

const isPath = (path: string) => (url: URL) => url.pathname === path;

type SiteItem = { id: number; title: string };
type AssignedUserItem = { id: number; email: string; activation_key: string | null; registered: boolean };

/** Picks an option of an open antd Select by its exact text. */
async function chooseOption(page: Page, text: string): Promise<void> {
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${text}"]`).click();
}

describe('sites and assigned users', () => {
  const browser = useBrowser();

  it('a super user adds a site and a Manager to a new client; the Manager activates and sees only that site', async () => {
    const client = await createClientAsAdmin();
    const admin = await apiLogin(DEMO.superuser);
    const page = await browser.newPage();
    await signIn(page, DEMO.superuser);
    await page.getByTestId('nav-clients').waitFor();

    // Choose the client in the browser: its sites open, still empty.
    await page.goto(`/clients/${encodeURIComponent(client.company)}`);
    await page.getByTestId(`client-row-${client.id}`).click();
    await page.waitForURL(isPath('/sites'));
    await page.getByRole('heading', { name: `${client.company} - Sites` }).waitFor();
    await page.getByText('location is empty!').waitFor();
    await screenshot(page, 'sites-empty');

    // Add a site through the form, first showing the required-field messages.
    await page.getByTestId('add-site').click();
    await page.waitForURL(isPath('/sites/add/site'));
    await page.getByRole('heading', { name: `${client.company} - Add Site` }).waitFor();
    await page.getByTestId('site-save').click();
    for (const message of [
      'Please input your title',
      'Please input your address',
      'Please select your timezone!',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    const title = `Quay Silo ${uniqueTag()}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Address').fill('4 Quay Road\nHull');
    await page.getByLabel('Full name').fill('Sally Site');
    await page.getByLabel('Email').fill('sally.site@e2e.test');
    await page.getByLabel('Mobile').fill('+44 7700 900123');
    await page.getByTestId('site-timezone').click();
    await page.keyboard.type('Europe/Lon');
    await chooseOption(page, 'Europe/London');
    await screenshot(page, 'site-add-form');
    await page.getByTestId('site-save').click();
    await page.waitForURL(isPath('/sites'));
    await page.getByText('Site added successfully').waitFor();
    const sites = await apiCall<{ results: SiteItem[] }>('GET', `locations/?client=${client.id}`, admin);
    const site = sites.results.find((item) => item.title === title);
    expect(site).toBeDefined();
    const siteId = site?.id ?? 0;
    await page.getByTestId(`site-card-${siteId}`).waitFor();
    await expect(page.getByTestId(`site-card-${siteId}`).innerText()).resolves.toContain('OK');
    await screenshot(page, 'sites-page');

    // Edit the site: deactivate and reactivate through the confirmation dialogs.
    await page.getByTestId(`site-edit-${siteId}`).click();
    await page.waitForURL(isPath(`/sites/edit/${siteId}`));
    await page.getByRole('heading', { name: `${title} - Edit Site` }).waitFor();
    await page.getByTestId('site-suspend').click();
    await page.locator('.ant-modal-confirm-title', { hasText: 'Deactivation' }).waitFor();
    await page.getByText('Please confirm you want to deactivate this site').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('button', { name: 'REACTIVATE SITE' }).waitFor();
    await page.getByTestId('site-suspend').click();
    await page.locator('.ant-modal-confirm-title', { hasText: 'Reactivation' }).waitFor();
    await page.getByText('Please confirm you want to reactivate this site').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('button', { name: 'DEACTIVATE SITE' }).waitFor();

    // The client's administrator is listed; add a Manager for this site through the form.
    await page.getByTestId('assigned-users-table').getByText(client.email).waitFor();
    await page.getByTestId('add-assigned-user').click();
    await page.waitForURL(isPath('/sites/add/user'));
    await page.getByRole('heading', { name: 'Add User' }).waitFor();
    await page.getByTestId('user-save').click();
    for (const message of [
      'Please input your full name',
      'Please input your Email Address!',
      'Please input your full company',
      'Please input your full phone',
      'Please input your full address',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    const email = `mia.manager.${uniqueTag()}@e2e.test`;
    await page.getByLabel('Full name').fill('Mia Manager');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Company').fill(client.company);
    await page.getByLabel('Phone').fill('+44 1482 555 010');
    await page.getByLabel('Address').fill('4 Quay Road, Hull');
    await expect(page.getByTestId(`site-has-access-${siteId}`).isChecked()).resolves.toBe(true);
    await page.getByTestId(`site-permission-${siteId}`).click();
    await chooseOption(page, 'Manager');
    await screenshot(page, 'assigned-user-add');
    await page.getByTestId('user-save').click();
    await page.waitForURL(isPath(`/sites/edit/${siteId}`));
    await page.getByText('User created', { exact: true }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(email.replaceAll('.', '\\.')) });
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain('unactivated');
    await screenshot(page, 'edit-site');

    // The activation link is shown to the super user, with a copy action.
    const users = await apiCall<{ results: AssignedUserItem[] }>(
      'GET',
      `clients/${client.id}/users/?filter=${encodeURIComponent(email)}&with-location-membership=${siteId}`,
      admin,
    );
    const person = users.results[0];
    expect(person?.activation_key).toBeTruthy();
    await row.getByTestId(`user-edit-${person?.id}`).click();
    await page.getByRole('heading', { name: 'Update User' }).waitFor();
    await expect(page.getByTestId('activation-link-text').innerText()).resolves.toContain(
      `/register/activate/${person?.activation_key}`,
    );
    await page.getByTestId('copy-activation-link').click();
    await page.getByText('Link successfully copied!').waitFor();
    await screenshot(page, 'assigned-user-edit');
    await page.setViewportSize({ width: 900, height: 900 });
    await screenshot(page, 'assigned-user-edit-900');
    await page.context().close();

    // The person activates through the activation calls, then signs in and sees only their site.
    const key = person?.activation_key ?? '';
    const state = await apiCall<Record<string, unknown>>('GET', `users/activation/get-state/${key}/`);
    expect(state).toBeDefined();
    await apiCall('POST', `users/activation/accept-terms/${key}/`);
    const password = 'Harbour-Lantern-58';
    await apiCall('POST', `users/activation/set-password/${key}/`, undefined, {
      password1: password,
      password2: password,
    });
    const managerPage = await browser.newPage();
    await signIn(managerPage, email, password);
    await managerPage.waitForURL(isPath('/sites'));
    await managerPage.getByRole('heading', { name: `${client.company} - Sites` }).waitFor();
    await managerPage.getByTestId(`site-card-${siteId}`).waitFor();
    await expect(managerPage.locator('[data-testid^="site-card-"]').count()).resolves.toBe(1);
    await managerPage.getByTestId(`site-edit-${siteId}`).waitFor();
    await screenshot(managerPage, 'sites-manager');
    await managerPage.context().close();
  });

  it('a plain user sees their site without edit icons and is sent back from the edit page', async () => {
    const page = await browser.newPage();
    await signIn(page, DEMO.user);
    await page.waitForURL(isPath('/sites'));
    await page.getByRole('heading', { name: 'Northfield Grain Co. - Sites' }).waitFor();
    await page.getByText('Main Elevator').waitFor();
    await expect(page.getByText('River Terminal').count()).resolves.toBe(0);
    await expect(page.locator('[data-testid^="site-edit-"]').count()).resolves.toBe(0);
    await expect(page.getByTestId('add-site').count()).resolves.toBe(0);
    const token = await apiLogin(DEMO.user);
    const [site] = (await apiCall<{ results: SiteItem[] }>('GET', 'locations/', token)).results;
    await page.goto(`/sites/edit/${site?.id}`);
    await page.waitForURL(isPath('/sites'));
    await page.goto('/sites/add/site');
    await page.waitForURL(isPath('/sites'));
    await screenshot(page, 'sites-plain-user');

    // Sorting by name and choosing a site, which opens its devices.
    await page.getByTestId('sites-sort').click();
    await page.getByTestId(`site-card-${site?.id}`).click();
    await page.waitForURL(isPath('/devices'));
    await page.context().close();
  });
});
