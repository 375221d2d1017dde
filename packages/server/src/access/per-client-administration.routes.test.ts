import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignToSite, buildClient, buildSite, buildUser, TEST_PASSWORD } from '../../test/factories';
import { authHeader, buildTestApp, type TestApp } from '../../test/test-app';
import { upsertMembership } from '../modules/users/memberships.repo';
import { linkUserToClient } from '../modules/users/users-clients.repo';

describe('accounts management is per client', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('gives an administrator of one client no management rights in another client they were merely added to', async () => {
    const own = await buildClient(t.db, { company: 'Own Mills' });
    const ownSite = await buildSite(t.db, own);
    const other = await buildClient(t.db, { company: 'Other Mills' });
    const otherSite = await buildSite(t.db, other);
    const admin = await buildUser(t.db, { roles: { isAccountsManagement: true } });
    await assignToSite(t.db, admin, ownSite, 'Manager');
    // 'User added to another client': a plain User at one site of the other client.
    await linkUserToClient(t.db, other.id, admin.id);
    await upsertMembership(t.db, { locationId: otherSite.id, userId: admin.id, permission: 'User' });
    const headers = { authorization: await authHeader(t.app, admin.email, TEST_PASSWORD) };

    const clients = await t.app.inject({ method: 'GET', url: '/api/v1/clients/', headers });
    expect(clients.json().results.map((c: { company: string }) => c.company)).toEqual(['Own Mills']);

    const rename = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/locations/${otherSite.id}/`,
      headers,
      payload: { title: 'Taken over' },
    });
    expect(rename.statusCode).toBe(403);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/locations/${otherSite.id}/`,
      headers,
    });
    expect(remove.statusCode).toBe(403);
    const editClient = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/clients/${other.id}/`,
      headers,
      payload: { phone: '000' },
    });
    expect([403, 404]).toContain(editClient.statusCode);

    // Their own client stays theirs to manage.
    const ownRename = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/locations/${ownSite.id}/`,
      headers,
      payload: { title: 'Renamed' },
    });
    expect(ownRename.statusCode).toBe(200);
  });
});
