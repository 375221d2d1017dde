import { type AuditKind, type AuditPage, type AuditRecord, MAINTENANCE_EVENTS } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignToSite,
  buildClient,
  buildClientUser,
  buildDevice,
  buildSite,
  buildUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { alarmRule, callRules, createRule, RULES_URL } from '../../../test/fixtures/alert-rules';
import { postShelve, postUnshelve } from '../../../test/fixtures/shelving';
import {
  postStep,
  postTree,
  provisionTypedDevice,
  signedInAt,
  testableSensorOf,
  treeWith,
} from '../../../test/maintenance';
import { deviceWithTree } from '../../../test/sensor-settings';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';
import type { ClientRow } from '../../db/tables/clients.table';
import type { LocationRow } from '../../db/tables/sites.table';
import { visualSchemas } from '../../db/tables/visual-dashboard.table';

/** One audit record of each kind a person's change makes, through the calls that make them (docs/audit.md). */
describe('audit records of each kind', () => {
  let t: TestApp;
  let client: ClientRow;
  let site: LocationRow;
  let superuser: string;
  let accounts: string;

  beforeAll(async () => {
    t = await buildTestApp();
    client = await buildClient(t.db);
    site = await buildSite(t.db, client);
    superuser = await authHeader(
      t.app,
      (await buildUser(t.db, { roles: { isSuperuser: true } })).email,
      TEST_PASSWORD,
    );
    const admin = await buildClientUser(t.db, client, { roles: { isAccountsManagement: true } });
    await assignToSite(t.db, admin, site, 'Manager');
    accounts = await authHeader(t.app, admin.email, TEST_PASSWORD);
  });
  afterAll(async () => t.close());

  const call = async (
    method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    authorization: string,
    payload?: object,
  ) => {
    const response = await t.app.inject({ method, url, headers: { authorization }, payload });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response;
  };

  /** The newest records of a kind, read by a super user. */
  const recordsOf = async (kind: AuditKind, query = ''): Promise<AuditRecord[]> => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit/?kind=${kind}${query}`,
      headers: { authorization: superuser },
    });
    expect(response.statusCode).toBe(200);
    return response.json<AuditPage>().results;
  };

  it("records an escalation policy's changes, and nothing for a save that changes nothing", async () => {
    const url = `/api/v1/locations/${site.id}/escalation-policy/`;
    const policy = {
      enabled: true,
      include_warnings: false,
      levels: [{ after_minutes: 0, user_ids: [], emails: ['night-shift@plant.example'] }],
    };
    await call('PUT', url, accounts, policy);
    await call('PUT', url, accounts, policy);
    await call('PUT', url, accounts, { ...policy, include_warnings: true });
    const records = await recordsOf('escalation-policy.changed', `&location=${site.id}`);
    expect(records.map((record) => [record.before, record.after])).toEqual([
      [{ include_warnings: false }, { include_warnings: true }],
      [
        { enabled: false, levels: [] },
        {
          enabled: true,
          levels: [{ after_minutes: 0, user_ids: [], emails: ['night-shift@plant.example'] }],
        },
      ],
    ]);
  });

  it("records a person's shelving and unshelving of a sensor's alarms, with the reason and the end", async () => {
    const device = await buildDevice(t.db, site, { title: 'Leg 3 F500' });
    const shelved = await postShelve(t.app, accounts, site.id, {
      device: device.id,
      sensor_id: `${device.udfId}.plug.1`,
      reason: 'Belt splice repair',
      minutes: 60,
    });
    expect(shelved.statusCode, shelved.body).toBe(201);
    const shelf = shelved.json<{ id: number; until: string }>();
    const unshelved = await postUnshelve(t.app, accounts, site.id, shelf.id);
    expect(unshelved.statusCode, unshelved.body).toBe(200);
    const [on] = await recordsOf('sensor.shelved', `&location=${site.id}`);
    expect(on).toMatchObject({
      subject: { type: 'sensor', id: `${device.udfId}.plug.1` },
      before: null,
      after: { reason: 'Belt splice repair', until: new Date(shelf.until).toISOString() },
    });
    const [off] = await recordsOf('sensor.unshelved', `&location=${site.id}`);
    expect(off?.after).toMatchObject({ reason: 'Belt splice repair', how: 'by-hand' });
  });

  it('records sites changed and suspended with only the fields that changed', async () => {
    await call('PATCH', `/api/v1/locations/${site.id}/`, accounts, { mobile: '+1 555 0199' });
    await call('POST', `/api/v1/locations/${site.id}/suspend/`, accounts);
    const records = await recordsOf('site.changed', `&location=${site.id}`);
    expect(records.map((record) => [record.before, record.after])).toEqual([
      [{ is_suspended: false }, { is_suspended: true }],
      [{ mobile: site.mobile }, { mobile: '+1 555 0199' }],
    ]);
    expect(records[0]).toMatchObject({
      subject: { type: 'site', id: String(site.id) },
      client_id: client.id,
    });
    await call('POST', `/api/v1/locations/${site.id}/suspend/`, accounts);
  });

  it('records devices changed and removed, never their access code', async () => {
    const device = await buildDevice(t.db, site, { title: 'Bucket elevator' });
    await call('PATCH', `/api/v1/devices/${device.id}/`, accounts, { title: 'Bucket elevator 2' });
    const [changed] = await recordsOf('device.changed', `&location=${site.id}`);
    expect(changed).toMatchObject({
      subject: { type: 'device', id: String(device.id), label: 'Bucket elevator 2' },
      before: { title: 'Bucket elevator' },
      after: { title: 'Bucket elevator 2' },
    });
    await call('DELETE', `/api/v1/devices/${device.id}/`, accounts);
    const [removed] = await recordsOf('device.removed', `&location=${site.id}`);
    expect(removed?.after).toBeNull();
    expect(removed?.before).toMatchObject({ title: 'Bucket elevator 2', udf_id: device.udfId });
    expect(JSON.stringify(removed)).not.toContain(device.code);
  });

  it('records a person created with their access, and a change of their profile and of their access', async () => {
    const email = `kinds.${Date.now()}@example.test`;
    const created = await call('POST', '/api/v1/users/', accounts, {
      full_name: 'Nora New',
      email,
      company: 'Mill Co',
      phone: '+44 1482 555 030',
      address: '1 Mill Lane',
      location_access: [{ location_id: site.id, has_access: true, permission: 'User' }],
    });
    const userId = created.json<{ user: { id: number } }>().user.id;
    const [userCreated] = await recordsOf(
      'user.created',
      `&person=${(await recordsOf('user.created'))[0]?.person.id}`,
    );
    expect(userCreated).toMatchObject({
      subject: { type: 'user', id: String(userId), label: email },
      client_id: client.id,
      location: null,
      before: null,
      after: { email, first_name: 'Nora', last_name: 'New', company: 'Mill Co' },
    });
    expect(JSON.stringify(userCreated)).not.toMatch(/password|hash|auth_key/i);
    const [granted] = await recordsOf('membership.changed', `&location=${site.id}`);
    expect(granted).toMatchObject({
      subject: { id: String(userId) },
      before: null,
      after: { permission: 'User', has_access: true },
    });

    await call('PATCH', `/api/v1/users/${userId}/`, accounts, {
      company: 'Mill Company',
      location_access: [{ location_id: site.id, has_access: true, permission: 'Engineer' }],
    });
    const [userChanged] = await recordsOf('user.changed');
    expect(userChanged).toMatchObject({ before: { company: 'Mill Co' }, after: { company: 'Mill Company' } });
    const [promoted] = await recordsOf('membership.changed', `&location=${site.id}`);
    expect(promoted).toMatchObject({
      before: { permission: 'User', has_access: true },
      after: { permission: 'Engineer', has_access: true },
    });
  });

  it("records a person's e-mail rule created, changed and deleted", async () => {
    const device = await buildDevice(t.db, site);
    const person = await buildClientUser(t.db, client, { site, permission: 'User' });
    const authorization = await authHeader(t.app, person.email, TEST_PASSWORD);
    const rule = await createRule(t.app, authorization, alarmRule(device.id));
    const patched = await callRules(t.app, authorization, 'PATCH', `${RULES_URL}${rule.id}/`, { x: 5 });
    expect(patched.statusCode).toBe(200);
    const deleted = await callRules(t.app, authorization, 'DELETE', `${RULES_URL}${rule.id}/`);
    expect(deleted.statusCode).toBe(204);
    const of = `&person=${person.id}`;
    const [createdRecord] = await recordsOf('email-rule.created', of);
    expect(createdRecord).toMatchObject({
      subject: { type: 'email-rule', id: String(rule.id) },
      client_id: client.id,
      after: { event_type: 'alarm', devices: [device.id] },
    });
    const [changedRecord] = await recordsOf('email-rule.changed', of);
    expect(changedRecord).toMatchObject({ before: { x: 1 }, after: { x: 5 } });
    const [deletedRecord] = await recordsOf('email-rule.deleted', of);
    expect(deletedRecord).toMatchObject({ before: { x: 5 }, after: null });
    // Accounts management of the person's client reads them; a manager of the site does not (no site on a rule).
    const forAccounts = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit/?kind=email-rule.deleted${of}`,
      headers: { authorization: accounts },
    });
    expect(forAccounts.json<AuditPage>().count).toBe(1);
  });

  it('records sensor types and images per full sensor id', async () => {
    const d = await deviceWithTree(t.app, t.db, '0005', site);
    const ntc = `${d.device.udfId}.ntc.1`;
    const sensorTypes = { [ntc]: { type: 'NUMERIC', unit: 5, k: '0.5', c: -4 } };
    await call('POST', `/api/v1/devices/${d.device.id}/settings/sensor-types`, accounts, {
      sensor_types: sensorTypes,
    });
    const images = { sensor_image_types: { [ntc]: 'bearing-temperature' } };
    await call('POST', `/api/v1/devices/${d.device.id}/settings/sensor-images/`, accounts, images);
    const [typed] = await recordsOf('sensor-type.changed', `&location=${site.id}`);
    expect(typed).toMatchObject({
      subject: { type: 'device', id: String(d.device.id) },
      before: { [ntc]: null },
      after: { [ntc]: { type: 'NUMERIC', unit_id: 5, k: 0.5, c: -4 } },
    });
    const [imaged] = await recordsOf('sensor-image.changed', `&location=${site.id}`);
    expect(imaged).toMatchObject({ before: { [ntc]: null }, after: { [ntc]: 'bearing-temperature' } });
  });

  it('records maintenance steps and the comment on a test the server ended', async () => {
    const d = await provisionTypedDevice(t.db, 'F500');
    const sensor = testableSensorOf(d.identity);
    const post = (condition: 'alarm' | 'clear', tick: number) =>
      postTree(t.app, d.identity, treeWith(d.identity, sensor.fullId, condition, tick));
    expect(await post('clear', 0)).toBe(202);
    const { authorization } = await signedInAt(t.app, t.db, d.site, 'Engineer');
    const step = (body: Record<string, unknown>) => postStep(t.app, authorization, d.device.id, body);
    const { expectAlarmOn, succeeded } = MAINTENANCE_EVENTS;
    expect(
      (await step({ event_type: expectAlarmOn, sensor_id: sensor.fullId, sensor_name: 'Probe' })).statusCode,
    ).toBe(200);
    for (const [condition, tick] of [
      ['alarm', 1],
      ['clear', 2],
    ] as const) {
      expect(await post(condition, tick)).toBe(202);
    }
    const closed = await step({ event_type: succeeded, sensor_id: sensor.fullId, comment: 'Reset fine' });
    expect(closed.statusCode, closed.body).toBe(200);
    const [started] = await recordsOf('maintenance.step', `&location=${d.site.id}`);
    expect(started).toMatchObject({ after: { step: 'started', sensor: 'Probe', sensor_id: sensor.fullId } });
    const [comment] = await recordsOf('maintenance.comment', `&location=${d.site.id}`);
    expect(comment).toMatchObject({ after: { result: succeeded, comment: 'Reset fine' } });
  });

  it('records a schema published and a schema deleted', async () => {
    const editor = await buildUser(t.db, { roles: { visualDashboardEnabled: true } });
    await assignToSite(t.db, editor, site, 'Engineer');
    const authorization = await authHeader(t.app, editor.email, TEST_PASSWORD);
    const [published, draft] = await t.db
      .insert(visualSchemas)
      .values([
        { locationId: site.id, name: 'Plant A', modifiedById: editor.id },
        { locationId: site.id, name: 'Plant B', modifiedById: editor.id },
      ])
      .returning();
    await call('POST', `/api/v2/schemas/${published?.id}/publish/`, authorization, { comment: 'As built' });
    await call('DELETE', `/api/v2/schemas/${draft?.id}/`, authorization);
    const [publishRecord] = await recordsOf('schema.published', `&location=${site.id}`);
    expect(publishRecord).toMatchObject({
      subject: { type: 'schema', id: String(published?.id), label: 'Plant A' },
      after: { published: true, comment: 'As built' },
    });
    const [deleteRecord] = await recordsOf('schema.deleted', `&location=${site.id}`);
    expect(deleteRecord).toMatchObject({ subject: { label: 'Plant B' }, after: null });
  });
});
