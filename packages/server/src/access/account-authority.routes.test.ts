import { ASSIGNED_USER_MESSAGES } from '@vigil/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildClientUser, buildSite, TEST_PASSWORD } from '../../test/factories';
import { authHeader, buildTestApp, type TestApp } from '../../test/test-app';
import type { ClientRow } from '../db/tables/clients.table';
import type { LocationRow } from '../db/tables/sites.table';
import { twoFactorDevices } from '../db/tables/two-factor.table';
import type { UserRow } from '../db/tables/users.table';
import { getUserById, updateUser } from '../modules/users/users.repo';
import { linkUserToClient } from '../modules/users/users-clients.repo';

/**
 * The outside review's takeover: client B's administrator links a person of client A into B with
 * POST users/, then tries to act on that person's account. Each step must stay refused.
 */
describe('a person linked into another client keeps their account', () => {
  let t: TestApp;
  let clientA: ClientRow;
  let clientB: ClientRow;
  let siteA: LocationRow;
  let siteB: LocationRow;
  let adminA: UserRow;
  let adminB: UserRow;
  const headers = new Map<number, Record<string, string>>();
  let sequence = 0;

  async function signIn(user: UserRow): Promise<UserRow> {
    headers.set(user.id, { authorization: await authHeader(t.app, user.email, TEST_PASSWORD) });
    return user;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    clientA = await buildClient(t.db, { company: 'Client A' });
    siteA = await buildSite(t.db, clientA);
    clientB = await buildClient(t.db, { company: 'Client B' });
    siteB = await buildSite(t.db, clientB);
    adminA = await signIn(
      await buildClientUser(t.db, clientA, { roles: { isAccountsManagement: true }, site: siteA }),
    );
    adminB = await signIn(
      await buildClientUser(t.db, clientB, {
        roles: { isAccountsManagement: true, isManager: true },
        site: siteB,
        permission: 'Manager',
      }),
    );
  });
  afterAll(async () => t.close());

  /** A person of client A with a confirmed 2FA device and a profile, linked into B by B's admin. */
  async function linkVictim(roles: { isAccountsManagement?: boolean } = {}) {
    const victim = await buildClientUser(t.db, clientA, { roles, site: siteA });
    await updateUser(t.db, victim.id, {
      company: 'Secret Co',
      phone: '+1 555 0199',
      address: '9 Hidden Way',
    });
    await t.db
      .insert(twoFactorDevices)
      .values({ userId: victim.id, secretEncrypted: 'sealed', confirmedAt: new Date() });
    sequence += 1;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/',
      headers: headers.get(adminB.id),
      payload: {
        full_name: `Typed Name${sequence}`,
        email: victim.email,
        company: 'Typed Co',
        phone: '+1 555 0100',
        address: '1 Typed Road',
        location_access: [{ location_id: siteB.id, has_access: true, permission: 'User' }],
      },
    });
    return { victim, response };
  }

  async function hasTwoFactor(userId: number): Promise<boolean> {
    const rows = await t.db.select().from(twoFactorDevices).where(eq(twoFactorDevices.userId, userId));
    return rows.length > 0;
  }

  it('links the person but shows client B no more than adding them needs', async () => {
    const { victim, response } = await linkVictim();
    expect(response.statusCode).toBe(201);
    const { detail, user } = response.json();
    expect(detail).toBe(ASSIGNED_USER_MESSAGES.userAddedToAnotherClient);
    expect(user).toMatchObject({ id: victim.id, email: victim.email, activation_key: null });
    expect(user.profile).toEqual({ company: '', phone: '', address: '' });
    expect(user.location_access.map((entry: { location_id: number }) => entry.location_id)).toEqual([
      siteB.id,
    ]);
    const read = await t.app.inject({ url: `/api/v1/users/${victim.id}/`, headers: headers.get(adminB.id) });
    expect(read.statusCode).toBe(200);
    expect(read.json().profile).toEqual({ company: '', phone: '', address: '' });
  });

  it("refuses client B's administrator the person's 2FA, activation, profile and e-mail", async () => {
    for (const roles of [{}, { isAccountsManagement: true }]) {
      const { victim } = await linkVictim(roles);
      const as = headers.get(adminB.id);
      const disable = await t.app.inject({
        method: 'POST',
        url: `/api/v1/2fa/disable_2FA_via_id/${victim.id}/`,
        headers: as,
      });
      expect(disable.statusCode).toBe(403);
      expect(await hasTwoFactor(victim.id)).toBe(true);

      await updateUser(t.db, victim.id, { passwordHash: null });
      const resend = await t.app.inject({
        method: 'POST',
        url: `/api/v1/users/activation/resend-activation/${victim.id}/`,
        headers: as,
      });
      expect(resend.statusCode).toBe(403);

      for (const payload of [{ email: `taken${victim.id}@attacker.test` }, { company: 'Renamed' }]) {
        const patch = await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/users/${victim.id}/`,
          headers: as,
          payload,
        });
        expect(patch.statusCode).toBe(403);
      }
      expect(await getUserById(t.db, victim.id)).toMatchObject({ email: victim.email, company: 'Secret Co' });
    }
  });

  it("leaves 2FA resets with staff and with whoever administers all the person's clients", async () => {
    const { victim } = await linkVictim();
    const byAdminA = await t.app.inject({
      method: 'POST',
      url: `/api/v1/2fa/disable_2FA_via_id/${victim.id}/`,
      headers: headers.get(adminA.id),
    });
    expect(byAdminA.statusCode).toBe(403);
    const both = await signIn(
      await buildClientUser(t.db, clientA, { roles: { isAccountsManagement: true }, site: siteA }),
    );
    await linkUserToClient(t.db, clientB.id, both.id, { asAdministrator: true });
    const byBoth = await t.app.inject({
      method: 'POST',
      url: `/api/v1/2fa/disable_2FA_via_id/${victim.id}/`,
      headers: headers.get(both.id),
    });
    expect(byBoth.statusCode).toBe(200);
    expect(await hasTwoFactor(victim.id)).toBe(false);
  });

  it("lets client B's administrator take the person out of client B again", async () => {
    const { victim } = await linkVictim();
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${victim.id}/`,
      headers: headers.get(adminB.id),
    });
    expect(remove.statusCode).toBe(204);
    expect(await getUserById(t.db, victim.id)).toMatchObject({ email: victim.email });
  });
});
