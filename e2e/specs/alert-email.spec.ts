import { type RunningSimulator, startSimulator } from '@vigil/simulator';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, SEEDED_PASSWORD } from '../fixtures/api-seed';
import { DEMO, signIn, useBrowser } from '../fixtures/browser';
import { e2eServer } from '../fixtures/e2e-server';
import { addSimulatedDevice, seedManagedSite } from '../fixtures/managed-site';

type OutboxItem = { id: number; to: string; subject: string; kind: string };
type OutboxDetail = OutboxItem & { text_body?: string; text?: string };

/**
 * A person writes an e-mail alert rule in the browser, an alarm happens on their device, and the alert e-mail
 * arrives (the demo's mail outbox, read as the super user: the server has no SMTP_URL here).
 */
describe('an e-mail alert from a rule made in the browser', () => {
  const browser = useBrowser();
  let simulator: RunningSimulator | undefined;
  afterAll(async () => simulator?.stop());

  it('adds an alarm rule for a device, forces an alarm, and finds the alert e-mail for that person', async () => {
    const { site, email } = await seedManagedSite(
      { title: 'Bin Yard', address: '4 Quay Lane', timezone: 'Europe/London' },
      { fullName: 'Ada Alert', phone: '+44 1482 555 077' },
    );
    const manager = await apiLogin(email, SEEDED_PASSWORD);
    const { device, identity } = await addSimulatedDevice(manager, site.id, {
      prefix: 'AEM',
      deviceType: '0300',
      title: 'Bin Yard WDC4',
    });
    simulator = await startSimulator({
      devices: [identity],
      transport: { kind: 'http', baseUrl: e2eServer().baseUrl },
      scenarioChance: 0,
      controlPort: 0,
    });

    const page = await browser.newPage({ width: 1440, height: 900 });
    await signIn(page, email, SEEDED_PASSWORD);
    await page.waitForURL((url) => url.pathname !== '/');
    await page.getByTestId('nav-email-alerts').click();
    await page.getByTestId('add-alert-rule').click();
    await page.getByRole('heading', { name: 'Add Email Alert' }).waitFor();
    // Defaults: 'Alarm Changed', 'As Alert happens'; the rule names the device.
    await page.getByTestId('alert-rule-devices').click();
    await page
      .locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${device.title}"]`)
      .click();
    await page.keyboard.press('Escape');
    await page.getByTestId('alert-rule-submit').click();
    await page.getByRole('heading', { name: 'Email Alerts' }).waitFor();
    await page.getByRole('cell', { name: device.title }).waitFor();

    const sensor = `${identity.udfId}.plug.1`;
    const alarm = await fetch(`${simulator.controlUrl}/alarm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sensor }),
    });
    expect(alarm.status).toBe(204);

    const admin = await apiLogin(DEMO.superuser);
    const alertFor = async () => {
      const page = await apiCall<{ results: OutboxItem[] }>('GET', 'outbox/?limit=100', admin);
      return page.results.find((mail) => mail.to === email && mail.kind === 'alert');
    };
    await expect.poll(alertFor, { interval: 500 }).toBeDefined();
    const mail = await alertFor();
    expect(mail?.subject).toBe(`[Vigil] Alarm Detected — Plug Switch at ${site.title} / ${device.title}`);
    const detail = await apiCall<OutboxDetail>('GET', `outbox/${mail?.id}/`, admin);
    const body = detail.text_body ?? detail.text ?? '';
    expect(body).toContain(`Site: ${site.title}`);
    expect(body).toContain('Sensor: Plug Switch');
    expect(body).toContain(`/dashboard?device=${device.id}`);
  });
});
