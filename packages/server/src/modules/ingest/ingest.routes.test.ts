import { MAX_TREE_GROUP_DEPTH, MAX_TREE_GROUPS } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TEST_PASSWORD } from '../../../test/factories';
import {
  deepExtraTreeOf,
  deepTreeOf,
  metricValue,
  provisionDevice,
  reload,
  storedTreeOf,
  treeOf,
  wideTreeOf,
} from '../../../test/telemetry';
import { authHeader, buildTestApp, METRICS_REQUEST, type TestApp } from '../../../test/test-app';

// Device credentials (serial number and code), not user roles, guard this route: it is exempt from the
// role walk (DEVICE_ROUTES in role-walk.routes.test.ts) and tested here.
describe('POST /api/v1/ingest/:udfId/', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const basic = (serial: string, code: string) =>
    `Basic ${Buffer.from(`${serial}:${code}`).toString('base64')}`;
  const post = (udfId: string, authorization: string | undefined, payload: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/ingest/${udfId}/`,
      headers: {
        'content-type': 'application/json',
        ...(authorization === undefined ? {} : { authorization }),
      },
      payload,
    });

  it('accepts a tree with 202 once the device is marked online', async () => {
    const { device, identity } = await provisionDevice(t.db);
    const tree = treeOf(identity);
    const response = await post(identity.udfId, basic(identity.serialNumber, identity.code), tree);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ detail: 'Accepted' });
    const row = await reload(t.db, device);
    expect(row.isOnline).toBe(true);
    expect(row.lastSeenAt).toBeInstanceOf(Date);
    expect(JSON.parse(t.app.ingest.latest(identity.udfId)?.json ?? 'null')).toEqual(storedTreeOf(tree));
  });

  it('answers 401 with WWW-Authenticate without credentials or with a wrong code', async () => {
    const { device, identity } = await provisionDevice(t.db);
    for (const authorization of [undefined, basic(identity.serialNumber, 'wrong'), 'Basic !!!']) {
      const response = await post(identity.udfId, authorization, treeOf(identity));
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Basic realm=/);
      expect(response.json()).toEqual({ detail: 'Invalid device credentials.' });
    }
    expect((await reload(t.db, device)).lastSeenAt).toBeNull();
  });

  it("answers 403 for another device's address and for a suspended device", async () => {
    const { identity } = await provisionDevice(t.db);
    const other = await provisionDevice(t.db);
    const foreign = await post(
      other.identity.udfId,
      basic(identity.serialNumber, identity.code),
      treeOf(other.identity),
    );
    expect(foreign.statusCode).toBe(403);
    expect((await reload(t.db, other.device)).lastSeenAt).toBeNull();

    const suspended = await provisionDevice(t.db, { suspended: true });
    const { serialNumber, code, udfId } = suspended.identity;
    const response = await post(udfId, basic(serialNumber, code), treeOf(suspended.identity));
    expect(response.statusCode).toBe(403);
    expect((await reload(t.db, suspended.device)).lastSeenAt).toBeNull();
  });

  it('refuses a device suspended through the API at once (the device cache is invalidated)', async () => {
    const { device, identity } = await provisionDevice(t.db);
    const auth = basic(identity.serialNumber, identity.code);
    expect((await post(identity.udfId, auth, treeOf(identity))).statusCode).toBe(202);
    const admin = await buildUser(t.db, { roles: { isSuperuser: true } });
    const suspend = await t.app.inject({
      method: 'POST',
      url: `/api/v1/devices/${device.id}/suspend/`,
      headers: { authorization: await authHeader(t.app, admin.email, TEST_PASSWORD) },
    });
    expect(suspend.statusCode).toBe(200);
    expect((await post(identity.udfId, auth, treeOf(identity))).statusCode).toBe(403);
  });

  it('answers 400 with the reason for malformed JSON and invalid trees, and counts them', async () => {
    const { device, identity } = await provisionDevice(t.db);
    const auth = basic(identity.serialNumber, identity.code);
    const malformed = await post(identity.udfId, auth, '{"Id": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: 'the message is not valid JSON' });
    const invalid = await post(identity.udfId, auth, JSON.stringify({ Id: 1, Name: 'x' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ detail: string }>().detail).toMatch(/^Status: /);
    const mismatch = JSON.parse(treeOf(identity));
    mismatch.device.deviceId = 'OTHER';
    const wrongId = await post(identity.udfId, auth, JSON.stringify(mismatch));
    expect(wrongId.statusCode).toBe(400);
    expect((await reload(t.db, device)).lastSeenAt).toBeNull();
    const metrics = (await t.app.inject(METRICS_REQUEST)).body;
    expect(metricValue(metrics, 'vigil_ingest_rejected_total{reason="malformed_json"}')).toBeGreaterThan(0);
    expect(metricValue(metrics, 'vigil_ingest_rejected_total{reason="invalid_tree"}')).toBeGreaterThan(0);
  });

  it('answers 413 for a body over 256 KB', async () => {
    const { device, identity } = await provisionDevice(t.db);
    const tree = JSON.parse(treeOf(identity));
    tree.padding = 'x'.repeat(300 * 1024);
    const response = await post(
      identity.udfId,
      basic(identity.serialNumber, identity.code),
      JSON.stringify(tree),
    );
    expect(response.statusCode).toBe(413);
    expect((await reload(t.db, device)).lastSeenAt).toBeNull();
  });

  const metric = async (sample: string) => metricValue((await t.app.inject(METRICS_REQUEST)).body, sample);

  it('answers 400 to trees nested 1,000 deep or 80,000 groups wide, keeps serving, takes the next tree', async () => {
    const { device, identity } = await provisionDevice(t.db);
    const auth = basic(identity.serialNumber, identity.code);
    const invalid = await metric('vigil_ingest_rejected_total{reason="invalid_tree"}');
    const hostile: Array<[string, string]> = [
      [deepTreeOf(identity, 1_000), `groups nest deeper than ${MAX_TREE_GROUP_DEPTH} levels`],
      [wideTreeOf(identity, 80_000), `the tree has more than ${MAX_TREE_GROUPS} groups`],
      [deepExtraTreeOf(identity, 100_000), 'the message nests deeper than 32 levels'],
    ];
    for (const [body, detail] of hostile) {
      expect(Buffer.byteLength(body)).toBeLessThan(256 * 1024);
      const response = await post(identity.udfId, auth, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail });
    }
    expect(await metric('vigil_ingest_rejected_total{reason="invalid_tree"}')).toBe(invalid + 3);
    expect((await reload(t.db, device)).lastSeenAt).toBeNull();
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    expect((await post(identity.udfId, auth, treeOf(identity))).statusCode).toBe(202);
    expect((await reload(t.db, device)).isOnline).toBe(true);
  });

  it('answers 400 to a tree with a NUL character, which the database cannot store, and keeps storing the others', async () => {
    const { device, identity } = await provisionDevice(t.db);
    const other = await provisionDevice(t.db);
    const auth = basic(identity.serialNumber, identity.code);
    const tree = JSON.parse(treeOf(identity));
    tree.Name = 'Leg\u0000';
    const response = await post(identity.udfId, auth, JSON.stringify(tree));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'a text holds a NUL character (\\u0000), which cannot be stored',
    });
    const surrogate = JSON.parse(treeOf(identity));
    surrogate.device.label = 'half \ud83d';
    const halfPair = await post(identity.udfId, auth, JSON.stringify(surrogate));
    expect(halfPair.json()).toEqual({
      detail: 'a text holds an unpaired surrogate (\\ud800-\\udfff), which cannot be stored',
    });
    expect((await reload(t.db, device)).lastSeenAt).toBeNull();
    // An escaped backslash before 'u0000' is ordinary text.
    const plain = JSON.parse(treeOf(identity));
    plain.Name = 'Leg \\u0000 is text, \ud83d\ude00 a pair';
    expect((await post(identity.udfId, auth, JSON.stringify(plain))).statusCode).toBe(202);
    // A number numeric cannot hold is read as 0 by JSON.parse, and stored as the parsed tree says.
    const tiny = `${treeOf(identity).slice(0, -1)},"calibration":1e-20000}`;
    expect((await post(identity.udfId, auth, tiny)).statusCode).toBe(202);
    const otherAuth = basic(other.identity.serialNumber, other.identity.code);
    expect((await post(other.identity.udfId, otherAuth, treeOf(other.identity))).statusCode).toBe(202);
  });

  it('answers 429 past the device budget (20 at once, then 10 a second) and counts the refusals', async () => {
    const { identity } = await provisionDevice(t.db);
    const auth = basic(identity.serialNumber, identity.code);
    // The credentials are cached first, so that the 40 requests reach the budget together.
    await t.app.ingest.directory.authenticate(identity.serialNumber, identity.code);
    const limitedBefore = await metric('vigil_ingest_rejected_total{reason="rate_limited"}');
    const tree = treeOf(identity);
    const started = Date.now();
    const responses = await Promise.all(Array.from({ length: 40 }, () => post(identity.udfId, auth, tree)));
    const elapsedMs = Date.now() - started;
    const accepted = responses.filter((response) => response.statusCode === 202);
    const limited = responses.filter((response) => response.statusCode === 429);
    expect(accepted.length + limited.length).toBe(40);
    expect(accepted.length).toBeGreaterThanOrEqual(20);
    expect(accepted.length).toBeLessThanOrEqual(20 + Math.ceil(elapsedMs / 100));
    expect(limited[0]?.json()).toEqual({
      detail: 'more than 10 messages per second from this device; message dropped',
    });
    expect(limited[0]?.headers['retry-after']).toBe('1');
    expect(await metric('vigil_ingest_rejected_total{reason="rate_limited"}')).toBe(
      limitedBefore + limited.length,
    );
  });
});
