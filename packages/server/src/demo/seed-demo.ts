import type { Database } from '../db/database';
import { alertRules } from '../db/tables/alert-rules.table';
import type { UserRow } from '../db/tables/users.table';
import { insertClient } from '../modules/clients/clients.repo';
import { insertLocation } from '../modules/sites/sites.repo';
import { upsertMembership } from '../modules/users/memberships.repo';
import { findUserByEmail, updateUser } from '../modules/users/users.repo';
import { UsersService } from '../modules/users/users.service';
import { linkUserToClient } from '../modules/users/users-clients.repo';
import { DEMO_CLIENTS, DEMO_PASSWORD, DEMO_USERS } from './demo-data';
import { seedDemoDevices } from './demo-devices';
import { type DemoHistorySummary, seedDemoHistory } from './demo-history';
import { DEMO_HISTORY, historyWindow } from './demo-history-timeline';
import { DEMO_PLANT_SITE, seedDemoPlant } from './demo-plant';

export type SeedResult = { created: boolean; history?: DemoHistorySummary };

export type SeedOptions = {
  /** The end of the demo's history (default: now). */
  now?: Date;
  /** Days of history before it (default DEMO_HISTORY.days; 0: none). */
  historyDays?: number;
};

/**
 * Loads the demo data set, its published visual-dashboard plant (demo-plant.ts) and its weeks of history in one
 * transaction; does nothing when it is already there, so all of it is written on the first start only.
 */
export async function seedDemo(db: Database, options: SeedOptions = {}): Promise<SeedResult> {
  const marker = DEMO_USERS[0];
  if (marker !== undefined && (await findUserByEmail(db, marker.email)) !== undefined) {
    return { created: false };
  }
  const window = historyWindow(options.now ?? new Date(), options.historyDays ?? DEMO_HISTORY.days);
  const history = await db.transaction(async (tx) => {
    const siteIds = new Map<string, { locationId: number; clientId: number }>();
    const clientIds = new Map<number, number>();
    for (const demo of DEMO_CLIENTS) {
      const { sites, fullName, ...fields } = demo;
      const client = await insertClient(tx, { ...fields, fullName, visualDashboardEnabled: true });
      clientIds.set(demo.number, client.id);
      for (const site of sites) {
        const { key, ...siteFields } = site;
        const row = await insertLocation(tx, {
          ...siteFields,
          clientId: client.id,
          fullName,
          email: demo.email,
        });
        siteIds.set(key, { locationId: row.id, clientId: client.id });
      }
    }
    const deviceIds = await seedDemoDevices(tx, siteIds, window.from);
    const users = new UsersService({ db: tx });
    let superuser: UserRow | undefined;
    for (const demo of DEMO_USERS) {
      const user = await users.create({
        email: demo.email,
        password: DEMO_PASSWORD,
        fullName: demo.fullName,
        company:
          demo.client === undefined
            ? 'Vigil'
            : (DEMO_CLIENTS.find((c) => c.number === demo.client)?.company ?? ''),
        roles: demo.roles,
      });
      superuser ??= demo.roles.isSuperuser === true ? user : undefined;
      const clientId = demo.client === undefined ? undefined : clientIds.get(demo.client);
      if (clientId === undefined) {
        continue;
      }
      await linkUserToClient(tx, clientId, user.id, {
        asAdministrator: demo.roles.isAccountsManagement === true,
      });
      for (const site of demo.sites ?? []) {
        const locationId = siteIds.get(site.key)?.locationId;
        if (locationId !== undefined) {
          await upsertMembership(tx, { locationId, userId: user.id, permission: site.permission });
        }
      }
      // Client users start with their own client chosen, as after a first visit.
      await updateUser(tx, user.id, { currentClientId: clientId });
      for (const rule of demo.alertRules ?? []) {
        await tx.insert(alertRules).values({ ...rule, userId: user.id, periodical: rule.contactWhen === 3 });
      }
    }
    const plantSite = siteIds.get(DEMO_PLANT_SITE);
    if (superuser !== undefined && plantSite !== undefined) {
      await seedDemoPlant(tx, superuser, plantSite.locationId);
    }
    return seedDemoHistory(tx, deviceIds, window);
  });
  return { created: true, history };
}

/** The printed list of demo accounts. */
export function describeDemoAccounts(): string {
  const width = Math.max(...DEMO_USERS.map((user) => user.email.length));
  const lines = DEMO_USERS.map((user) => `  ${user.email.padEnd(width)}  ${user.role}`);
  return [`Demo accounts (password for all: ${DEMO_PASSWORD}):`, ...lines].join('\n');
}

/** The start-up line of a first start: the demo is loaded, with how much history. */
export function describeDemoHistory(history: DemoHistorySummary | undefined): string {
  if (history === undefined || history.readings === 0) {
    return 'Demo data loaded on this first start.';
  }
  return `Demo data loaded on this first start, with ${DEMO_HISTORY.days} days of history (${history.readings.toLocaleString('en')} readings, ${history.events} device events, ${history.records} snapshots).`;
}
