import { twoFactorDevices } from '../../src/db/tables/two-factor.table';
import { upsertMembership } from '../../src/modules/users/memberships.repo';
import { updateUser } from '../../src/modules/users/users.repo';
import { linkUserToClient } from '../../src/modules/users/users-clients.repo';
import { buildClientUser } from '../factories';
import { A, D, type RouteCase, STAFF_ONLY } from './cases';
import type { World } from './world';

const TARGET = 'person of clients A and B';

/**
 * A person of client A (User at A1) whom client B linked in too (User at B1): the administrators of
 * one of their clients may read them and take them out of their own client, but their account
 * (2FA, activation, profile, e-mail, roles) stays with staff (docs/permissions.md).
 */
async function freshSharedPerson(w: World) {
  const person = await buildClientUser(w.db, w.clientA, { site: w.siteA1, permission: 'User' });
  await linkUserToClient(w.db, w.clientB.id, person.id);
  await upsertMembership(w.db, { locationId: w.siteB1.id, userId: person.id, permission: 'User' });
  return person;
}

export const sharedPersonCases: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/v1/users/{id}/',
    target: TARGET,
    request: async (w) => ({ url: `/api/v1/users/${(await freshSharedPerson(w)).id}/` }),
    expect: [A, A, A, A, A, D, A, D],
  },
  {
    method: 'PATCH',
    route: '/api/v1/users/{id}/',
    target: TARGET,
    request: async (w) => ({
      url: `/api/v1/users/${(await freshSharedPerson(w)).id}/`,
      payload: { email: `moved${Date.now()}@example.test` },
    }),
    expect: STAFF_ONLY,
  },
  {
    method: 'DELETE',
    route: '/api/v1/users/{id}/',
    target: TARGET,
    request: async (w) => ({ url: `/api/v1/users/${(await freshSharedPerson(w)).id}/` }),
    expect: [A, A, A, D, D, D, A, D],
  },
  {
    method: 'POST',
    route: '/api/v1/users/activation/resend-activation/{id}/',
    target: TARGET,
    request: async (w) => {
      const person = await freshSharedPerson(w);
      await updateUser(w.db, person.id, { passwordHash: null });
      return { url: `/api/v1/users/activation/resend-activation/${person.id}/` };
    },
    expect: STAFF_ONLY,
  },
  {
    method: 'POST',
    route: '/api/v1/2fa/disable_2FA_via_id/{id}/',
    target: TARGET,
    request: async (w) => {
      const person = await freshSharedPerson(w);
      await w.db
        .insert(twoFactorDevices)
        .values({ userId: person.id, secretEncrypted: 'sealed', confirmedAt: new Date() });
      return { url: `/api/v1/2fa/disable_2FA_via_id/${person.id}/` };
    },
    expect: STAFF_ONLY,
  },
];
