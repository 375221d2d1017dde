import { type RunningSimulator, startSimulator } from '@vigil/simulator';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, SEEDED_PASSWORD } from '../fixtures/api-seed';
import { DEMO, screenshot, signIn, useBrowser } from '../fixtures/browser';
import { e2eServer } from '../fixtures/e2e-server';
import { addSimulatedDevice, addSitePerson, seedManagedSite } from '../fixtures/managed-site';

type OutboxItem = { id: number; to: string; subject: string; kind: string };
type OutboxDetail = OutboxItem & { text_body?: string; text?: string };

/**
 * Issue 27, escalation: a manager sets the site's policy in the browser (level 1 at once, level 2 after one
 * minute), an alarm nobody acknowledges reaches level 2 by e-mail (the demo's outbox, read as the super user),
 * the manager opens the level 2 e-mail's link and acknowledges the alarm there; a user of the site reads the
 * policy without being able to change it.
 */
describe('escalation when nobody acknowledges', () => {
  const browser = useBrowser();
  let simulator: RunningSimulator | undefined;
  afterAll(async () => simulator?.stop());

  it('walks an unacknowledged alarm to level 2 and stops at the acknowledgement made from its link', async () => {
    const managed = await seedManagedSite(
      { title: 'Grain Elevator', address: '9 Silo Row', timezone: 'Europe/Berlin' },
      { fullName: 'Esme Escalate', phone: '+49 30 555 0199' },
    );
    const { site, email } = managed;
    const manager = await apiLogin(email, SEEDED_PASSWORD);
    const { device, identity } = await addSimulatedDevice(manager, site.id, {
      prefix: 'ESC',
      deviceType: '0300',
      title: 'Elevator Leg WDC4',
    });
    simulator = await startSimulator({
      devices: [identity],
      transport: { kind: 'http', baseUrl: e2eServer().baseUrl },
      scenarioChance: 0,
      controlPort: 0,
    });
    const night = `night-${site.id}@e2e.test`;
    const supervisor = `supervisor-${site.id}@e2e.test`;

    // The manager writes the policy from the site's card.
    const page = await browser.newPage({ width: 1440, height: 900 });
    await signIn(page, email, SEEDED_PASSWORD);
    await page.waitForURL((url) => url.pathname !== '/');
    await page.goto('/sites');
    await page.getByTestId(`site-escalation-${site.id}`).click();
    await page.getByTestId('escalation-page').waitFor();
    await page.getByTestId('escalation-enabled').click();
    await page.getByTestId('escalation-add-level').click();
    await page.getByTestId('escalation-emails-1').click();
    await page.keyboard.type(night);
    await page.keyboard.press('Enter');
    await page.getByTestId('escalation-add-level').click();
    await page.locator('#escalation-minutes-2').fill('1');
    await page.getByTestId('escalation-emails-2').click();
    await page.keyboard.type(supervisor);
    await page.keyboard.press('Enter');
    await page.getByTestId('escalation-save').click();
    await page.getByTestId('escalation-alert').getByText('Escalation policy saved').waitFor();
    await screenshot(page, 'escalation-policy-1440');
    const saved = await apiCall<{
      enabled: boolean;
      levels: Array<{ after_minutes: number; emails: string[] }>;
    }>('GET', `locations/${site.id}/escalation-policy/`, manager);
    expect(saved.enabled).toBe(true);
    expect(saved.levels.map((level) => [level.after_minutes, level.emails])).toEqual([
      [0, [night]],
      [1, [supervisor]],
    ]);

    // An alarm nobody acknowledges: level 1 at once, level 2 a minute later.
    const alarm = await fetch(`${simulator.controlUrl}/alarm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sensor: `${identity.udfId}.plug.1` }),
    });
    expect(alarm.status).toBe(204);
    const admin = await apiLogin(DEMO.superuser);
    const escalationTo = async (to: string) => {
      const outbox = await apiCall<{ results: OutboxItem[] }>('GET', 'outbox/?limit=100', admin);
      return outbox.results.find((mail) => mail.to === to && mail.kind === 'escalation');
    };
    await expect.poll(() => escalationTo(night), { interval: 1000 }).toBeDefined();
    await expect.poll(() => escalationTo(supervisor), { interval: 1000 }).toBeDefined();
    const second = await escalationTo(supervisor);
    expect(second?.subject).toBe(
      `[Vigil] Escalation level 2: Alarm Detected not acknowledged — Plug Switch at ${site.title} / ${device.title}`,
    );
    const detail = await apiCall<OutboxDetail>('GET', `outbox/${second?.id}/`, admin);
    const body = detail.text_body ?? detail.text ?? '';
    expect(body).toContain(`Level 1 (`);
    expect(body).toContain(night);
    const link = /Acknowledge: (\S+)/.exec(body)?.[1];
    expect(link).toContain(`/notifications/device/${device.id}?tab=active&acknowledge=`);

    // The link opens the alarm's acknowledgement.
    const target = new URL(link ?? '');
    await page.goto(`${target.pathname}${target.search}`);
    await page.getByRole('dialog').getByText('Acknowledge Alarm Detected').waitFor();
    await page.locator('#acknowledge-comment').fill('Checked the elevator leg');
    await page.locator('#acknowledge-confirm').click();
    await page.getByTestId('acknowledged').getByText('Acknowledged by Esme Escalate').waitFor();
    await page.getByTestId('escalated').getByText('Escalated: level 1 (1), level 2 (1)').waitFor();

    // A user of the site reads the policy, below 1000 px, and cannot change it.
    const userEmail = await addSitePerson(
      managed,
      { ...site, address: '9 Silo Row' },
      { fullName: 'Uma User', phone: '+49 30 555 0142', permission: 'User' },
    );
    const reader = await browser.newPage({ width: 900, height: 1000 });
    await signIn(reader, userEmail, SEEDED_PASSWORD);
    await reader.waitForURL((url) => url.pathname !== '/');
    await reader.goto(`/sites/${site.id}/escalation`);
    await reader.getByTestId('escalation-view').waitFor();
    await reader.getByTestId('escalation-levels').getByText(supervisor).waitFor();
    expect(await reader.getByTestId('escalation-save').count()).toBe(0);
    await screenshot(reader, 'escalation-policy-900');
  });
});
