import { ALERT_RULE_MESSAGES, type AlertRule } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignToSite, buildDevice, buildUser, TEST_PASSWORD } from '../../../test/factories';
import {
  alarmRule,
  callRules,
  createRule,
  listRules,
  personWithDevice,
  RULES_URL,
} from '../../../test/fixtures/alert-rules';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';
import { upsertMembership } from '../users/memberships.repo';
import { updateUser } from '../users/users.repo';

describe('e-mail alert rules through the API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('adds a rule, lists it, reads it with and without the slash, changes X and removes it', async () => {
    const p = await personWithDevice(t.app, t.db);
    const created = await createRule(
      t.app,
      p.authorization,
      alarmRule(p.device.id, { contact_when: '2', x: '5' }),
    );
    expect(created).toEqual({
      id: expect.any(Number),
      delivery_method: 'Email',
      send_to_alternative: false,
      alternative_contact: null,
      event_type: 'alarm',
      contact_when: '2',
      periodical: false,
      x: 5,
      all_devices: false,
      number_per_hour: 0,
      devices: [
        {
          id: p.device.id,
          title: p.device.title,
          udf_id: p.device.udfId,
          device_type: 'F500',
          is_online: false,
        },
      ],
      date_created: expect.any(String),
      date_updated: expect.any(String),
    });
    expect(await listRules(t.app, p.authorization)).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [created],
    });
    for (const url of [`${RULES_URL}${created.id}/`, `${RULES_URL}${created.id}`]) {
      const read = await callRules(t.app, p.authorization, 'GET', url);
      expect(read.statusCode, url).toBe(200);
      expect(read.json()).toEqual(created);
    }

    const patched = await callRules(t.app, p.authorization, 'PATCH', `${RULES_URL}${created.id}/`, {
      x: 30,
      contact_when: 3,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<AlertRule>()).toMatchObject({ x: 30, contact_when: '3', periodical: true });
    expect(patched.json<AlertRule>().devices.map((d) => d.id)).toEqual([p.device.id]);

    const removed = await callRules(t.app, p.authorization, 'DELETE', `${RULES_URL}${created.id}/`);
    expect(removed.statusCode).toBe(204);
    expect((await callRules(t.app, p.authorization, 'GET', `${RULES_URL}${created.id}/`)).statusCode).toBe(
      404,
    );
    expect((await listRules(t.app, p.authorization)).count).toBe(0);
  });

  it('takes numbers for contact_when and devices, and All Devices without a list', async () => {
    const p = await personWithDevice(t.app, t.db);
    const numeric = await createRule(t.app, p.authorization, {
      ...alarmRule(p.device.id, { contact_when: 3, x: 2, event_type: 'warning', number_per_hour: 4 }),
      devices: [p.device.id],
    });
    expect(numeric).toMatchObject({
      contact_when: '3',
      periodical: true,
      number_per_hour: 4,
      event_type: 'warning',
    });
    const all = await createRule(t.app, p.authorization, alarmRule(p.device.id, { all_devices: true }));
    expect(all).toMatchObject({ all_devices: true, devices: [] });
    // Defaults of A section 9 for what is left out.
    const minimal = await createRule(t.app, p.authorization, {
      delivery_method: 'Email',
      event_type: 'power_up',
      contact_when: '0',
      all_devices: true,
    });
    expect(minimal).toMatchObject({
      x: 1,
      number_per_hour: 0,
      send_to_alternative: false,
      alternative_contact: null,
    });
  });

  it('refuses each rule of A section 5 with its message and saves nothing', async () => {
    const p = await personWithDevice(t.app, t.db);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { send_to_alternative: true, alternative_contact: '' },
        'alternative_contact',
        ALERT_RULE_MESSAGES.alternativeContactRequired,
      ],
      [
        { send_to_alternative: true, alternative_contact: 'not-mail' },
        'alternative_contact',
        ALERT_RULE_MESSAGES.alternativeContactInvalid,
      ],
      [{ event_type: undefined }, 'event_type', ALERT_RULE_MESSAGES.typeRequired],
      [{ contact_when: undefined }, 'contact_when', ALERT_RULE_MESSAGES.typeRequired],
      [{ contact_when: '1' }, 'contact_when', ALERT_RULE_MESSAGES.contactWhenInvalid],
      [{ delivery_method: undefined }, 'delivery_method', ALERT_RULE_MESSAGES.deliveryMethodRequired],
      [{ delivery_method: 'SMS' }, 'delivery_method', ALERT_RULE_MESSAGES.deliveryMethodInvalid],
      [{ x: 0 }, 'x', ALERT_RULE_MESSAGES.xMin],
      [{ x: 'ten' }, 'x', ALERT_RULE_MESSAGES.wholeNumber],
      [{ number_per_hour: -1 }, 'number_per_hour', ALERT_RULE_MESSAGES.numberPerHourMin],
      [{ devices: [] }, 'devices', ALERT_RULE_MESSAGES.devicesRequired],
      [
        { event_type: 'power_up', number_per_hour: 3 },
        'number_per_hour',
        ALERT_RULE_MESSAGES.smartNotifyOnly,
      ],
      [{ event_type: 'maintenance', contact_when: '2' }, 'contact_when', ALERT_RULE_MESSAGES.lastingOnly],
      [{ devices: ['abc'] }, 'devices', ALERT_RULE_MESSAGES.deviceIdInvalid],
      [{ devices: ['2147483647'] }, 'devices', ALERT_RULE_MESSAGES.unknownDevice(2_147_483_647)],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await callRules(
        t.app,
        p.authorization,
        'POST',
        RULES_URL,
        alarmRule(p.device.id, overrides),
      );
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json<Record<string, string[]>>()[field], JSON.stringify(overrides)).toEqual([message]);
    }
    expect((await listRules(t.app, p.authorization)).count).toBe(0);
  });

  it('checks a PATCH against the stored rule as a whole and keeps the rule when refused', async () => {
    const p = await personWithDevice(t.app, t.db);
    const rule = await createRule(
      t.app,
      p.authorization,
      alarmRule(p.device.id, { contact_when: '2', all_devices: true }),
    );
    const url = `${RULES_URL}${rule.id}/`;
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ all_devices: false }, 'devices', ALERT_RULE_MESSAGES.devicesRequired],
      [{ event_type: 'test' }, 'contact_when', ALERT_RULE_MESSAGES.lastingOnly],
      [{ send_to_alternative: true }, 'alternative_contact', ALERT_RULE_MESSAGES.alternativeContactRequired],
      [{ x: 0 }, 'x', ALERT_RULE_MESSAGES.xMin],
    ];
    for (const [patch, field, message] of refusals) {
      const response = await callRules(t.app, p.authorization, 'PATCH', url, patch);
      expect(response.statusCode, JSON.stringify(patch)).toBe(400);
      expect(response.json<Record<string, string[]>>()[field]).toEqual([message]);
    }
    const stored = (await callRules(t.app, p.authorization, 'GET', url)).json<AlertRule>();
    expect(stored).toEqual(rule);
    const fine = await callRules(t.app, p.authorization, 'PATCH', url, {
      all_devices: false,
      devices: [String(p.device.id)],
    });
    expect(fine.statusCode).toBe(200);
    expect(fine.json<AlertRule>().date_updated >= rule.date_updated).toBe(true);
  });

  it("never shows or changes another person's rules", async () => {
    const owner = await personWithDevice(t.app, t.db);
    const rule = await createRule(t.app, owner.authorization, alarmRule(owner.device.id));
    // A colleague at the same site: the same device, not the same rules.
    const colleague = await buildUser(t.db);
    await assignToSite(t.db, colleague, owner.site, 'Manager');
    const other = await authHeader(t.app, colleague.email, TEST_PASSWORD);
    const url = `${RULES_URL}${rule.id}/`;
    expect((await callRules(t.app, other, 'GET', url)).statusCode).toBe(404);
    expect((await callRules(t.app, other, 'PATCH', url, { x: 9 })).statusCode).toBe(404);
    expect((await callRules(t.app, other, 'DELETE', url)).statusCode).toBe(404);
    expect((await listRules(t.app, other)).count).toBe(0);
    expect((await callRules(t.app, owner.authorization, 'GET', url)).json<AlertRule>().x).toBe(1);
  });

  it('refuses a device of another client, names it, and saves nothing', async () => {
    const p = await personWithDevice(t.app, t.db);
    const foreign = await personWithDevice(t.app, t.db);
    const response = await callRules(t.app, p.authorization, 'POST', RULES_URL, {
      ...alarmRule(p.device.id),
      devices: [String(p.device.id), String(foreign.device.id)],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ devices: [ALERT_RULE_MESSAGES.unknownDevice(foreign.device.id)] });
    expect((await listRules(t.app, p.authorization)).count).toBe(0);

    const rule = await createRule(t.app, p.authorization, alarmRule(p.device.id));
    const patch = await callRules(t.app, p.authorization, 'PATCH', `${RULES_URL}${rule.id}/`, {
      devices: [foreign.device.id],
    });
    expect(patch.statusCode).toBe(400);
    expect((await listRules(t.app, p.authorization)).results[0]?.devices.map((d) => d.id)).toEqual([
      p.device.id,
    ]);
    expect((await listRules(t.app, foreign.authorization)).count).toBe(0);
  });

  it('hides a device from the rule once the person loses the site, and lets staff name any device', async () => {
    const p = await personWithDevice(t.app, t.db);
    const second = await buildDevice(t.db, p.site, { title: 'Second conveyor' });
    const rule = await createRule(t.app, p.authorization, {
      ...alarmRule(p.device.id),
      devices: [p.device.id, second.id],
    });
    expect(rule.devices.map((d) => d.title).sort()).toEqual([p.device.title, 'Second conveyor'].sort());
    await upsertMembership(t.db, {
      locationId: p.site.id,
      userId: p.user.id,
      permission: 'User',
      hasAccess: false,
    });
    expect(
      (await callRules(t.app, p.authorization, 'GET', `${RULES_URL}${rule.id}/`)).json<AlertRule>().devices,
    ).toEqual([]);

    const staff = await buildUser(t.db, { roles: { isSuperuser: true } });
    const staffAuth = await authHeader(t.app, staff.email, TEST_PASSWORD);
    expect((await createRule(t.app, staffAuth, alarmRule(p.device.id))).devices.map((d) => d.id)).toEqual([
      p.device.id,
    ]);
  });

  it('searches event labels, device titles and the alternative contact, 20 a page', async () => {
    const p = await personWithDevice(t.app, t.db);
    await createRule(t.app, p.authorization, alarmRule(p.device.id, { event_type: 'warning' }));
    await createRule(
      t.app,
      p.authorization,
      alarmRule(p.device.id, { send_to_alternative: true, alternative_contact: 'night.shift@example.test' }),
    );
    for (let i = 0; i < 19; i += 1) {
      await createRule(
        t.app,
        p.authorization,
        alarmRule(p.device.id, { event_type: 'power_up', all_devices: true }),
      );
    }
    const first = await listRules(t.app, p.authorization);
    expect(first.count).toBe(21);
    expect(first.results).toHaveLength(20);
    expect(first.next).toContain('offset=20');
    expect((await listRules(t.app, p.authorization, '?offset=20')).results).toHaveLength(1);
    expect((await listRules(t.app, p.authorization, '?search=warning%20changed')).count).toBe(1);
    expect((await listRules(t.app, p.authorization, '?search=NIGHT.shift')).count).toBe(1);
    expect(
      (await listRules(t.app, p.authorization, `?search=${encodeURIComponent(p.device.title)}`)).count,
    ).toBe(2);
    expect((await listRules(t.app, p.authorization, '?search=power%20up')).count).toBe(19);
    expect((await listRules(t.app, p.authorization, '?search=%25')).count).toBe(0);
  });

  it('answers 401 to every call without a session, and to a person made inactive', async () => {
    const p = await personWithDevice(t.app, t.db);
    const rule = await createRule(t.app, p.authorization, alarmRule(p.device.id));
    const calls: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown][] = [
      ['GET', RULES_URL, undefined],
      ['POST', RULES_URL, alarmRule(p.device.id)],
      ['GET', `${RULES_URL}${rule.id}/`, undefined],
      ['PATCH', `${RULES_URL}${rule.id}/`, { x: 2 }],
      ['DELETE', `${RULES_URL}${rule.id}/`, undefined],
    ];
    for (const [method, url, body] of calls) {
      expect((await callRules(t.app, undefined, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    await updateUser(t.db, p.user.id, { isActive: false });
    expect((await callRules(t.app, p.authorization, 'GET', RULES_URL)).statusCode).toBe(401);
  });
});
