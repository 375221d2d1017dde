import { and, eq } from 'drizzle-orm';
import { locationMemberships } from '../../src/db/tables/sites.table';
import { upsertMembership } from '../../src/modules/users/memberships.repo';
import { updateUser } from '../../src/modules/users/users.repo';
import { buildClientUser, buildSite } from '../factories';
import { A, D, EVERY_SIGNED_IN, type RouteCase } from './cases';
import type { World } from './world';

/** A new site of client A where the manager, engineer and user hold the same permissions as at A1. */
async function freshSiteA(world: World) {
  const site = await buildSite(world.db, world.clientA);
  const { manager, engineer, user, accountsManagement } = world.users;
  await upsertMembership(world.db, { locationId: site.id, userId: manager.id, permission: 'Manager' });
  await upsertMembership(world.db, { locationId: site.id, userId: engineer.id, permission: 'Engineer' });
  await upsertMembership(world.db, { locationId: site.id, userId: user.id, permission: 'User' });
  await upsertMembership(world.db, {
    locationId: site.id,
    userId: accountsManagement.id,
    permission: 'Manager',
  });
  return site;
}

const SITE_FIELDS = { title: 'Walked site', address: '1 Walk Road', timezone: 'Europe/Berlin' };

export const sitesCases: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/v1/locations/',
    request: () => ({ url: '/api/v1/locations/' }),
    expect: EVERY_SIGNED_IN,
  },
  {
    method: 'GET',
    route: '/api/v2/locations/',
    request: () => ({ url: '/api/v2/locations/' }),
    expect: EVERY_SIGNED_IN,
  },
  {
    method: 'POST',
    route: '/api/v1/locations/',
    // The other client's manager creates in their own current client, which they may.
    request: () => ({ url: '/api/v1/locations/', payload: SITE_FIELDS }),
    expect: [A, A, A, A, A, D, A, D],
  },
  {
    method: 'GET',
    route: '/api/v1/locations/{id}/',
    request: (w) => ({ url: `/api/v1/locations/${w.siteA1.id}/` }),
    expect: [A, A, A, A, A, A, D, D],
  },
  {
    method: 'PATCH',
    route: '/api/v1/locations/{id}/',
    request: async (w) => ({
      url: `/api/v1/locations/${(await freshSiteA(w)).id}/`,
      payload: { title: 'Renamed' },
    }),
    expect: [A, A, A, A, A, D, D, D],
  },
  {
    method: 'DELETE',
    route: '/api/v1/locations/{id}/',
    request: async (w) => ({ url: `/api/v1/locations/${(await freshSiteA(w)).id}/` }),
    expect: [A, A, A, D, D, D, D, D],
  },
  {
    method: 'POST',
    route: '/api/v1/locations/{id}/suspend/',
    request: async (w) => ({ url: `/api/v1/locations/${(await freshSiteA(w)).id}/suspend/` }),
    expect: [A, A, A, A, A, D, D, D],
  },
  {
    method: 'POST',
    route: '/api/v1/locations/{id}/select/',
    request: (w) => ({ url: `/api/v1/locations/${w.siteA1.id}/select/` }),
    expect: [A, A, A, A, A, A, D, D],
  },
  {
    method: 'GET',
    route: '/api/v1/timezones/',
    request: () => ({ url: '/api/v1/timezones/' }),
    expect: EVERY_SIGNED_IN,
  },
];

let emails = 0;
function newPerson(w: World) {
  emails += 1;
  return {
    full_name: 'Walk Person',
    email: `walk${emails}@example.test`,
    company: 'Client A',
    phone: '+1 555 0100',
    address: '1 Walk Road',
    location_access: [{ location_id: w.siteA1.id, has_access: true, permission: 'User' }],
  };
}

/** A person of client A with User access at A1, as a target of user calls. */
const freshPersonA = (w: World) => buildClientUser(w.db, w.clientA, { site: w.siteA1, permission: 'User' });

export const usersCases: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/v1/clients/{clientId}/users/',
    request: (w) => ({
      url: `/api/v1/clients/${w.clientA.id}/users/?with-location-membership=${w.siteA1.id}`,
    }),
    expect: [A, A, A, A, A, D, D, D],
  },
  {
    method: 'POST',
    route: '/api/v1/users/',
    request: (w) => ({ url: '/api/v1/users/', payload: newPerson(w) }),
    expect: [A, A, A, A, A, D, D, D],
  },
  {
    method: 'GET',
    route: '/api/v1/users/{id}/',
    request: async (w) => ({ url: `/api/v1/users/${(await freshPersonA(w)).id}/` }),
    expect: [A, A, A, A, A, D, D, D],
  },
  {
    method: 'PATCH',
    route: '/api/v1/users/{id}/',
    request: async (w) => ({
      url: `/api/v1/users/${(await freshPersonA(w)).id}/`,
      payload: { company: 'Renamed' },
    }),
    expect: [A, A, A, D, D, D, D, D],
  },
  {
    method: 'PUT',
    route: '/api/v1/users/{id}/',
    request: async (w) => {
      const { location_access: _ignored, ...profile } = newPerson(w);
      return { url: `/api/v1/users/${(await freshPersonA(w)).id}/`, payload: profile };
    },
    expect: [A, A, A, D, D, D, D, D],
  },
  {
    method: 'DELETE',
    route: '/api/v1/users/{id}/',
    request: async (w) => ({ url: `/api/v1/users/${(await freshPersonA(w)).id}/` }),
    expect: [A, A, A, D, D, D, D, D],
  },
  {
    method: 'POST',
    route: '/api/v1/users/activation/resend-activation/{id}/',
    request: async (w) => {
      const person = await freshPersonA(w);
      await updateUser(w.db, person.id, { passwordHash: null });
      return { url: `/api/v1/users/activation/resend-activation/${person.id}/` };
    },
    expect: [A, A, A, D, D, D, D, D],
  },
  {
    method: 'POST',
    route: '/api/v1/membership/',
    request: async (w) => {
      const person = await buildClientUser(w.db, w.clientA);
      return {
        url: '/api/v1/membership/',
        payload: { location: w.siteA1.id, user: person.id, permission: 'User', has_access: true },
      };
    },
    expect: [A, A, A, A, A, D, D, D],
  },
  {
    method: 'PATCH',
    route: '/api/v1/membership/{id}/',
    request: async (w) => {
      const person = await freshPersonA(w);
      const [membership] = await w.db
        .select({ id: locationMemberships.id })
        .from(locationMemberships)
        .where(
          and(eq(locationMemberships.userId, person.id), eq(locationMemberships.locationId, w.siteA1.id)),
        );
      return {
        url: `/api/v1/membership/${membership?.id}/`,
        payload: { permission: 'Engineer', has_access: true },
      };
    },
    expect: [A, A, A, A, A, D, D, D],
  },
];
