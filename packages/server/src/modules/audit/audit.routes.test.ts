import {
  AUDIT_MESSAGES,
  AUDIT_REDACTED,
  type AuditPage,
  type AuditPerson,
  NOTIFICATIONS_MESSAGES,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignToSite,
  buildClient,
  buildClientUser,
  buildSite,
  buildUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { alarmingDevice, listNotifications } from '../../../test/fixtures/notifications';
import { bearingOf, postWarnings, treeReading } from '../../../test/fixtures/warnings';
import { postTree, provisionTypedDevice, signedInAt } from '../../../test/maintenance';
import { superuserHeader } from '../../../test/sensor-settings';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/database';
import type { LocationRow } from '../../db/tables/sites.table';
import { createDomainEvents } from '../../events/domain-events';
import { subscribeAuditRecorder } from './audit-recorder';

const ADDRESS = '203.0.113.7';

async function getAudit(app: FastifyInstance, authorization: string, query = '') {
  return app.inject({ method: 'GET', url: `/api/v1/audit/${query}`, headers: { authorization } });
}

async function auditPage(app: FastifyInstance, authorization: string, query = ''): Promise<AuditPage> {
  const response = await getAudit(app, authorization, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPage>();
}

const today = () => new Date().toISOString().slice(0, 10);

/** A manager (the role) who is Manager of the site: the trail's reader of that site. */
async function managerAt(app: FastifyInstance, db: Database, site: LocationRow) {
  const user = await buildUser(db, { fullName: 'Manager Person', roles: { isManager: true } });
  await assignToSite(db, user, site, 'Manager');
  return { user, authorization: await authHeader(app, user.email, TEST_PASSWORD) };
}

describe('the audit trail through the API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  /** An F500 with a stored tree, its Manager (who changes its warnings from ADDRESS) and the change. */
  async function changedWarnings() {
    const d = await provisionTypedDevice(t.db, 'F500');
    expect(await postTree(t.app, d.identity, treeReading(d.identity, bearingOf(d.identity), 90))).toBe(202);
    const manager = await managerAt(t.app, t.db, d.site);
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/devices/${d.device.id}/settings/warnings/`,
      headers: { authorization: manager.authorization },
      payload: [{ sign: '>', value: 120, sensor_id: bearingOf(d.identity), delay_seconds: 30 }],
      remoteAddress: ADDRESS,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    return { ...d, manager };
  }

  it("records a manager's change of warnings with who, when, the address, and before and after", async () => {
    const d = await changedWarnings();
    const page = await auditPage(t.app, d.manager.authorization);
    expect(page.count).toBe(1);
    const [record] = page.results;
    expect(record).toMatchObject({
      person: { id: d.manager.user.id, name: 'Manager Person', email: d.manager.user.email },
      address: ADDRESS,
      kind: 'warning.changed',
      kind_label: 'Warnings changed',
      subject: { type: 'device', id: String(d.device.id), label: d.device.title },
      location: { id: d.site.id, title: d.site.title },
      client_id: d.site.clientId,
      timezone: d.site.timezone,
      before: {},
      after: { [bearingOf(d.identity)]: '> 120 after 30 s' },
    });
    expect(Math.abs((record?.at ?? 0) - Date.now() / 1000)).toBeLessThan(120);

    // Saving the same list again changes nothing and records nothing.
    await postWarnings(t.app, d.manager.authorization, d.device.id, [
      { sign: '>', value: 120, sensor_id: bearingOf(d.identity), delay_seconds: 30 },
    ]);
    expect((await auditPage(t.app, d.manager.authorization)).count).toBe(1);
  });

  it('records sensor names, and filters by site, person, kind and date', async () => {
    const d = await changedWarnings();
    const renamed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/devices/${d.device.id}/settings/sensor-names`,
      headers: { authorization: d.manager.authorization },
      payload: { sensor_names: { [bearingOf(d.identity)]: 'Head pulley bearing' } },
    });
    expect(renamed.statusCode, renamed.body).toBe(201);
    const all = await auditPage(t.app, d.manager.authorization);
    expect(all.results.map((record) => record.kind)).toEqual(['sensor-name.changed', 'warning.changed']);
    expect(all.results[0]).toMatchObject({
      before: { [bearingOf(d.identity)]: null },
      after: { [bearingOf(d.identity)]: 'Head pulley bearing' },
      address: '127.0.0.1',
    });

    const kinds = await auditPage(t.app, d.manager.authorization, '?kind=warning.changed');
    expect(kinds.results.map((record) => record.kind)).toEqual(['warning.changed']);
    const byPerson = await auditPage(t.app, d.manager.authorization, `?person=${d.manager.user.id}`);
    expect(byPerson.count).toBe(2);
    const bySite = await auditPage(
      t.app,
      d.manager.authorization,
      `?location=${d.site.id}&date_from=${today()}`,
    );
    expect(bySite.count).toBe(2);
    expect((await auditPage(t.app, d.manager.authorization, '?date_to=2020-01-01')).count).toBe(0);
    const paged = await auditPage(t.app, d.manager.authorization, '?limit=1');
    expect(paged.results).toHaveLength(1);
    expect(paged.next).toContain('offset=1');

    const people = await t.app.inject({
      method: 'GET',
      url: '/api/v1/audit/people/',
      headers: { authorization: d.manager.authorization },
    });
    expect(people.json<AuditPerson[]>()).toEqual([
      { id: d.manager.user.id, name: 'Manager Person', email: d.manager.user.email },
    ]);
  });

  it('records an acknowledgement with its comment', async () => {
    const d = { ...(await alarmingDevice(t.app, t.db)) };
    d.manager = await managerAt(t.app, t.db, d.site);
    await d.post('alarm');
    await t.app.notificationProjector.drain();
    const [alarm] = (await listNotifications(t.app, d.manager.authorization, '?is_active=true')).results;
    const acknowledged = await t.app.inject({
      method: 'POST',
      url: `/api/v1/notifications/${alarm?.id}/acknowledge/`,
      headers: { authorization: d.manager.authorization },
      payload: { comment: 'Checked the belt' },
    });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    const [record] = (await auditPage(t.app, d.manager.authorization, '?kind=notification.acknowledged'))
      .results;
    expect(record).toMatchObject({
      kind: 'notification.acknowledged',
      subject: { type: 'notification', id: String(alarm?.id), label: alarm?.content },
      location: { id: d.site.id },
      before: { acknowledged: false },
      after: { acknowledged: true, comment: 'Checked the belt', device: d.device.title },
    });
  });

  it('answers 400 with the messages of the notifications log for bad filters and an export without dates', async () => {
    const d = await changedWarnings();
    const badKind = await getAudit(t.app, d.manager.authorization, '?kind=user.exploded');
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json()).toEqual({ kind: [AUDIT_MESSAGES.kindInvalid] });
    const tooLong = await getAudit(
      t.app,
      d.manager.authorization,
      '?date_from=2026-01-01&date_to=2026-03-01',
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ date_to: [NOTIFICATIONS_MESSAGES.rangeTooLong] });
    const badDate = await getAudit(t.app, d.manager.authorization, '?date_from=yesterday');
    expect(badDate.json()).toEqual({ date_from: [NOTIFICATIONS_MESSAGES.dateInvalid] });
    const noDate = await t.app.inject({
      method: 'GET',
      url: '/api/v1/audit/export/',
      headers: { authorization: d.manager.authorization },
    });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json()).toEqual({ non_field_errors: [AUDIT_MESSAGES.exportWithoutDate] });
  });

  it('exports audit.csv with the readable change and the address', async () => {
    const d = await changedWarnings();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit/export/?date_from=${today()}`,
      headers: { authorization: d.manager.authorization },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit.csv"');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,time,time_zone,timestamp,person,email,address,kind,site,subject_type,subject_id,subject,changes,before,after',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(ADDRESS);
    expect(lines[1]).toContain('warning.changed');
    expect(lines[1]).toContain(`${bearingOf(d.identity)}: — → > 120 after 30 s`);
  });

  it('refuses people who are not managers, accounts management or staff (403)', async () => {
    const d = await changedWarnings();
    // A person who is Manager of the site without the manager role is no reader either (docs/decisions.md).
    for (const permission of ['Engineer', 'User', 'Manager'] as const) {
      const person = await signedInAt(t.app, t.db, d.site, permission);
      expect((await getAudit(t.app, person.authorization)).statusCode).toBe(403);
      const exported = await t.app.inject({
        method: 'GET',
        url: `/api/v1/audit/export/?date_from=${today()}`,
        headers: { authorization: person.authorization },
      });
      expect(exported.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/audit/' })).statusCode).toBe(401);
  });

  it("never shows a foreign tenant's records; its site filter answers 404", async () => {
    const d = await changedWarnings();
    const foreignSite = await buildSite(t.db, await buildClient(t.db));
    const { authorization: foreign } = await managerAt(t.app, t.db, foreignSite);
    const page = await auditPage(t.app, foreign);
    expect(page.results.every((record) => record.location?.id !== d.site.id)).toBe(true);
    expect((await getAudit(t.app, foreign, `?location=${d.site.id}`)).statusCode).toBe(404);
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit/export/?date_from=${today()}`,
      headers: { authorization: foreign },
    });
    expect(exported.body).not.toContain(d.device.title);
  });

  it('shows accounts management their client, super users everything', async () => {
    const d = await changedWarnings();
    const { clients } = await import('../../db/tables/clients.table');
    const { eq } = await import('drizzle-orm');
    const [client] = await t.db.select().from(clients).where(eq(clients.id, d.site.clientId));
    if (client === undefined) {
      throw new Error('no client');
    }
    const admin = await buildClientUser(t.db, client, { roles: { isAccountsManagement: true } });
    const adminPage = await auditPage(t.app, await authHeader(t.app, admin.email, TEST_PASSWORD));
    expect(adminPage.results.map((record) => record.subject.id)).toEqual([String(d.device.id)]);
    const staffPage = await auditPage(t.app, await superuserHeader(t.app, t.db), `?location=${d.site.id}`);
    expect(staffPage.count).toBe(1);
  });

  it('offers no way to change or delete a record (404 for PUT, PATCH, DELETE and POST)', async () => {
    const d = await changedWarnings();
    const [record] = (await auditPage(t.app, d.manager.authorization)).results;
    const superuser = await superuserHeader(t.app, t.db);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      for (const url of ['/api/v1/audit/', `/api/v1/audit/${record?.id}/`, '/api/v1/audit/export/']) {
        const response = await t.app.inject({
          method,
          url,
          headers: { authorization: superuser },
          payload: method === 'DELETE' ? undefined : { before: null },
        });
        expect([404, 405], `${method} ${url}`).toContain(response.statusCode);
      }
    }
    expect((await auditPage(t.app, d.manager.authorization)).results[0]).toEqual(record);
  });

  it('stores no secret: fields naming one are redacted before the insert', async () => {
    const inserted: unknown[] = [];
    const events = createDomainEvents();
    subscribeAuditRecorder(events, () => new Date(), {
      insertAuditRecord: async (_db, values) => {
        inserted.push(values);
      },
    });
    const d = await changedWarnings();
    await events.publish(t.db, 'change-recorded', {
      kind: 'user.changed',
      by: d.manager.user,
      subject: { type: 'user', id: d.manager.user.id, label: d.manager.user.email },
      siteId: d.site.id,
      clientId: null,
      before: { email: 'a@example.com', passwordHash: 'argon-before' },
      after: { email: 'b@example.com', passwordHash: 'argon-after' },
    });
    expect(inserted).toEqual([
      expect.objectContaining({
        clientId: d.site.clientId,
        address: null,
        before: { email: 'a@example.com', passwordHash: AUDIT_REDACTED },
        after: { email: 'b@example.com', passwordHash: AUDIT_REDACTED },
      }),
    ]);
  });
});

describe('the audit trail behind a trusted proxy (TRUST_PROXY=127.0.0.1)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => t.close());

  it("records the client's address from X-Forwarded-For", async () => {
    const d = await provisionTypedDevice(t.db, 'F500');
    expect(await postTree(t.app, d.identity, treeReading(d.identity, bearingOf(d.identity), 90))).toBe(202);
    const manager = await managerAt(t.app, t.db, d.site);
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/devices/${d.device.id}/settings/warnings/`,
      headers: { authorization: manager.authorization, 'x-forwarded-for': '198.51.100.23' },
      payload: [{ sign: '>', value: 120, sensor_id: bearingOf(d.identity) }],
      remoteAddress: '127.0.0.1',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const [record] = (await auditPage(t.app, manager.authorization)).results;
    expect(record?.address).toBe('198.51.100.23');
  });
});
