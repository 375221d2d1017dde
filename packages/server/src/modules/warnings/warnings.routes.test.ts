import { WARNINGS_MESSAGES, type Warning, type WarningsPage } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearingOf,
  getWarnings,
  postWarnings,
  treeReading,
  uptimeOf,
  warningKindsOf,
} from '../../../test/fixtures/warnings';
import { postTree, provisionTypedDevice, signedInAt } from '../../../test/maintenance';
import { buildTestApp, type TestApp } from '../../../test/test-app';

describe('warnings through the API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  /** An F500 with one tree stored (bearing at 90 °F) and a Manager of its site. */
  async function deviceWithManager() {
    const d = await provisionTypedDevice(t.db, 'F500');
    expect(await postTree(t.app, d.identity, treeReading(d.identity, bearingOf(d.identity), 90))).toBe(202);
    const { authorization } = await signedInAt(t.app, t.db, d.site, 'Manager');
    return { ...d, authorization };
  }

  const listOf = async (d: { device: { id: number }; authorization: string }) => {
    const response = await getWarnings(t.app, d.authorization, d.device.id, '?limit=100');
    expect(response.statusCode).toBe(200);
    return response.json<WarningsPage>();
  };

  it("answers an empty page, then saves the earlier client's list (value as text, leaf Id, no delay)", async () => {
    const d = await deviceWithManager();
    expect(await listOf(d)).toEqual({ count: 0, next: null, previous: null, results: [] });

    const saved = await postWarnings(t.app, d.authorization, d.device.id, [
      { sign: '>', value: '120', sensor_id: 18000 },
      { sign: '<', value: 40.5, sensor_id: bearingOf(d.identity), delay_seconds: 30 },
    ]);
    expect(saved.statusCode).toBe(201);
    const page = saved.json<WarningsPage>();
    const common = {
      device: { id: d.device.id, title: d.device.title },
      location: { id: d.site.id, title: d.site.title },
    };
    expect(page).toEqual({
      count: 2,
      next: null,
      previous: null,
      results: [
        {
          id: expect.any(Number),
          name: 'Uptime',
          sign: '>',
          value: 120,
          unit: 'Minutes',
          sensor_id: uptimeOf(d.identity),
          delay_seconds: 0,
          ...common,
        },
        {
          id: expect.any(Number),
          name: 'Bearing Temperature · Node 1',
          sign: '<',
          value: 40.5,
          unit: '°F',
          sensor_id: bearingOf(d.identity),
          delay_seconds: 30,
          ...common,
        },
      ],
    });
    expect(await listOf(d)).toEqual(page);
    // Readers see them too.
    const reader = await signedInAt(t.app, t.db, d.site, 'User');
    expect((await getWarnings(t.app, reader.authorization, d.device.id)).json<WarningsPage>().count).toBe(2);
  });

  it('pages with limit and offset', async () => {
    const d = await deviceWithManager();
    const list = [1, 2, 3].map((value) => ({ sign: '>', value, sensor_id: bearingOf(d.identity) }));
    expect((await postWarnings(t.app, d.authorization, d.device.id, list)).statusCode).toBe(201);
    const page = (
      await getWarnings(t.app, d.authorization, d.device.id, '?limit=2&offset=1')
    ).json<WarningsPage>();
    expect(page.count).toBe(3);
    expect(page.results.map((w) => w.value)).toEqual([2, 3]);
    expect(page.previous).toMatch(/limit=2/);
    expect(page.next).toBeNull();
  });

  it('replaces the list: unchanged warnings keep their id, changed ones are new, left-out ones go', async () => {
    const d = await deviceWithManager();
    const bearing = bearingOf(d.identity);
    const first = (
      await postWarnings(t.app, d.authorization, d.device.id, [
        { sign: '>', value: 100, sensor_id: bearing, delay_seconds: 10 },
        { sign: '<', value: 10, sensor_id: bearing },
        { sign: '=', value: 0, sensor_id: uptimeOf(d.identity) },
      ])
    ).json<WarningsPage>().results;
    const second = (
      await postWarnings(t.app, d.authorization, d.device.id, [
        { sign: '>', value: '100', sensor_id: bearing, delay_seconds: '10' },
        { sign: '<', value: 12, sensor_id: bearing },
      ])
    ).json<WarningsPage>().results;
    expect(second).toHaveLength(2);
    expect(second[0]?.id).toBe(first[0]?.id);
    expect(second.map((w: Warning) => w.id)).not.toContain(first[1]?.id);
    expect(second[1]).toMatchObject({ sign: '<', value: 12 });

    const cleared = await postWarnings(t.app, d.authorization, d.device.id, []);
    expect(cleared.statusCode).toBe(201);
    expect(cleared.json<WarningsPage>().results).toEqual([]);
    // Nothing was active: removing them raised nothing.
    expect(await warningKindsOf(t.db, d.device.id)).toEqual([]);
  });

  it("refuses a bad row with the spec's messages and changes nothing", async () => {
    const d = await deviceWithManager();
    const kept = [{ sign: '>', value: 100, sensor_id: bearingOf(d.identity) }];
    const before = (await postWarnings(t.app, d.authorization, d.device.id, kept)).json<WarningsPage>();

    const post = (body: unknown) => postWarnings(t.app, d.authorization, d.device.id, body);
    const missing = await post([...kept, { delay_seconds: '' }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      sign: [WARNINGS_MESSAGES.signRequired],
      value: [WARNINGS_MESSAGES.valueRequired],
      sensor_id: [WARNINGS_MESSAGES.sensorRequired],
      delay_seconds: [WARNINGS_MESSAGES.delayRequired],
    });
    expect((await post([{ sign: '>', value: 'hot', sensor_id: 'x' }])).json()).toEqual({
      value: [WARNINGS_MESSAGES.valueInvalid],
    });
    expect((await post([{ sign: '>', value: 1, sensor_id: 'x', delay_seconds: 86_401 }])).json()).toEqual({
      delay_seconds: [WARNINGS_MESSAGES.delayInvalid],
    });
    expect((await post({ sign: '>' })).json()).toEqual({
      non_field_errors: [WARNINGS_MESSAGES.listExpected],
    });
    // Sensors are checked against the latest tree: unknown, and a leaf Id several sensors share.
    const unknown = await post([
      ...kept,
      { sign: '<', value: 1, sensor_id: `${d.identity.udfId}.nowhere.9` },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ sensor_id: [WARNINGS_MESSAGES.unknownSensor] });
    expect((await post([{ sign: '<', value: 1, sensor_id: '1' }])).json()).toEqual({
      sensor_id: [WARNINGS_MESSAGES.ambiguousSensor],
    });
    const malformed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/devices/${d.device.id}/settings/warnings/`,
      headers: { authorization: d.authorization, 'content-type': 'application/json' },
      payload: '[{"sign":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await listOf(d)).toEqual(before);
  });

  it('refuses sensors of a device that has reported no tree yet, but takes an empty list', async () => {
    const d = await deviceWithManager();
    const silent = await provisionTypedDevice(t.db, 'F500', d.site);
    const refused = await postWarnings(t.app, d.authorization, silent.device.id, [
      { sign: '>', value: 1, sensor_id: bearingOf(silent.identity) },
    ]);
    expect(refused.json()).toEqual({ sensor_id: [WARNINGS_MESSAGES.noState] });
    expect((await postWarnings(t.app, d.authorization, silent.device.id, [])).statusCode).toBe(201);
  });

  it("lets readers read but not save (M section 6's text), hides another tenant's device, refuses visitors", async () => {
    const d = await deviceWithManager();
    const body = [{ sign: '>', value: 1, sensor_id: bearingOf(d.identity) }];
    const reader = await signedInAt(t.app, t.db, d.site, 'User');
    const refused = await postWarnings(t.app, reader.authorization, d.device.id, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: WARNINGS_MESSAGES.noPermission });
    // Told so whatever the body.
    expect((await postWarnings(t.app, reader.authorization, d.device.id, [{}])).statusCode).toBe(403);
    const engineer = await signedInAt(t.app, t.db, d.site, 'Engineer');
    expect((await postWarnings(t.app, engineer.authorization, d.device.id, body)).statusCode).toBe(201);

    const elsewhere = await provisionTypedDevice(t.db, 'F500');
    const stranger = await signedInAt(t.app, t.db, elsewhere.site, 'Manager');
    expect((await getWarnings(t.app, stranger.authorization, d.device.id)).statusCode).toBe(404);
    expect((await postWarnings(t.app, stranger.authorization, d.device.id, body)).statusCode).toBe(404);
    expect((await getWarnings(t.app, d.authorization, 2_000_000_000)).statusCode).toBe(404);
    expect((await getWarnings(t.app, d.authorization, Number.NaN)).statusCode).toBe(400);

    const visitor = await t.app.inject({
      method: 'GET',
      url: `/api/v1/devices/${d.device.id}/settings/warnings/`,
    });
    expect(visitor.statusCode).toBe(401);
    expect((await postWarnings(t.app, '', d.device.id, body)).statusCode).toBe(401);
    expect((await listOf(d)).count).toBe(1);
  });
});
