import { listSensors, type StateTree } from '@vigil/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildClientUser, buildSite, TEST_PASSWORD } from '../../../test/factories';
import { provisionDevice, readingsOfDevice, silentLog, storedTreeOf, treeOf } from '../../../test/telemetry';
import { authHeader, buildTestApp, TEST_JWT_SECRET, type TestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { deviceState } from '../../db/tables/device-state.table';
import { stateRecords } from '../../db/tables/state-records.table';
import { InProcessBus } from '../../realtime/bus';
import { DeviceDirectory } from '../ingest/device-directory';
import { IngestService } from '../ingest/ingest.service';
import { createIngestMetrics } from '../ingest/ingest-metrics';
import { TelemetryWriter } from '../ingest/telemetry-writer';
import { ensurePartitions, listPartitions } from '../telemetry/partitions';
import { pruneReadings } from '../telemetry/retention';

describe('telemetry storage through the real ingest', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const basic = (serial: string, code: string) =>
    `Basic ${Buffer.from(`${serial}:${code}`).toString('base64')}`;
  const postTree = (identity: { udfId: string; serialNumber: string; code: string }, tree: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/ingest/${identity.udfId}/`,
      headers: {
        'content-type': 'application/json',
        authorization: basic(identity.serialNumber, identity.code),
      },
      payload: tree,
    });
  const get = async (url: string, authorization?: string) =>
    t.app.inject({ method: 'GET', url, headers: authorization === undefined ? {} : { authorization } });
  const userOf = async (site: Awaited<ReturnType<typeof provisionDevice>>['site']) => {
    const client = { id: site.clientId } as Parameters<typeof buildClientUser>[1];
    const user = await buildClientUser(t.db, client, { site, permission: 'User' });
    return authHeader(t.app, user.email, TEST_PASSWORD);
  };

  /** An ingest on the test database with a clock the test moves. */
  function clockedIngest() {
    const clock = { now: new Date('2026-07-01T10:00:05Z') };
    const ingest = new IngestService({
      db: t.db,
      directory: new DeviceDirectory(t.db),
      bus: new InProcessBus(),
      metrics: createIngestMetrics(undefined),
      log: silentLog,
      offlineAfterSeconds: 3600,
      flushMs: 10,
      now: () => clock.now,
    });
    return { ingest, clock };
  }

  const withStatus = (tree: string, status: string, alarm: boolean): string =>
    JSON.stringify({ ...(JSON.parse(tree) as StateTree), Status: status, Alarm: alarm });

  it('stores the latest tree, a record and one reading per sensor in the commit the 202 waits for', async () => {
    const { device, identity } = await provisionDevice(t.db);
    const tree = treeOf(identity, 3);
    expect((await postTree(identity, tree)).statusCode).toBe(202);

    const [state] = await t.db.select().from(deviceState).where(eq(deviceState.deviceId, device.id));
    const parsed = JSON.parse(tree) as StateTree;
    expect(state?.tree).toEqual(storedTreeOf(tree));
    expect(state?.deviceTime).toBe(String(parsed.time));
    const records = await t.db.select().from(stateRecords).where(eq(stateRecords.deviceId, device.id));
    expect(records).toHaveLength(1);
    expect(records[0]?.status).toBe(parsed.Status);
    const readings = await readingsOfDevice(t.db, device.id);
    const sensors = listSensors(parsed);
    expect(readings).toHaveLength(sensors.length);
    const first = sensors[0];
    const row = readings.find((r) => r.sensorId === first?.fullId);
    expect(row?.inAlarm).toBe(first?.sensor.Alarm);
    expect(row?.ts.getTime()).toBe(state?.receivedAt.getTime());

    // The next tree's readings are stored at once; its device_state row follows within 5 s (latest-states.ts).
    const second = treeOf(identity, 4);
    expect((await postTree(identity, second)).statusCode).toBe(202);
    expect(await readingsOfDevice(t.db, device.id)).toHaveLength(2 * sensors.length);
    expect(JSON.parse(t.app.ingest.latest(identity.udfId)?.json ?? 'null')).toEqual(storedTreeOf(second));
  });

  it('keeps the latest tree across an app restart on the same database', async () => {
    const { identity } = await provisionDevice(t.db);
    const tree = treeOf(identity, 5);
    expect((await postTree(identity, tree)).statusCode).toBe(202);
    const restarted = await buildApp(t.config, {
      database: t.database,
      jwtSecret: TEST_JWT_SECRET,
      logger: false,
    });
    try {
      await restarted.ready();
      const latest = restarted.ingest.latest(identity.udfId);
      expect(latest).toBeDefined();
      expect(JSON.parse(latest?.json ?? 'null')).toEqual(storedTreeOf(tree));
    } finally {
      await restarted.close();
    }
  });

  it('answers the sensor groups of the latest tree, [] before any, to users of the site only', async () => {
    const { device, identity, site } = await provisionDevice(t.db);
    const auth = await userOf(site);
    const url = `/api/v1/devices/${device.id}/sensors/`;
    expect((await get(url, auth)).json()).toEqual([]);
    const tree = treeOf(identity, 6);
    expect((await postTree(identity, tree)).statusCode).toBe(202);

    const response = await get(url, auth);
    expect(response.statusCode).toBe(200);
    const groups = response.json<Array<{ sensors: Array<{ full_id: string }> }>>();
    const listed = groups.flatMap((group) => group.sensors.map((sensor) => sensor.full_id)).sort();
    expect(listed).toEqual(
      listSensors(JSON.parse(tree) as StateTree)
        .map((entry) => entry.fullId)
        .sort(),
    );

    const stranger = await buildClientUser(t.db, await buildClient(t.db), { roles: { isManager: true } });
    expect((await get(url, await authHeader(t.app, stranger.email, TEST_PASSWORD))).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(401);
  });

  it('records once per minute and on a change of Status or Alarm, listed in the site timezone', async () => {
    const client = await buildClient(t.db);
    const site = await buildSite(t.db, client, { timezone: 'America/New_York' });
    const { device, identity } = await provisionDevice(t.db, { site });
    const { ingest, clock } = clockedIngest();
    const tree = treeOf(identity, 7);
    const send = async (iso: string, payload: string) => {
      clock.now = new Date(iso);
      expect(await ingest.ingestState(identity.udfId, payload)).toEqual({ ok: true });
    };
    try {
      await send('2026-07-01T10:00:05Z', withStatus(tree, 'OK', false));
      await send('2026-07-01T10:00:30Z', withStatus(tree, 'OK', false));
      await send('2026-07-01T10:00:40Z', withStatus(tree, 'Alarm', true));
      await send('2026-07-01T10:00:50Z', withStatus(tree, 'Alarm', true));
      await send('2026-07-01T10:00:55Z', withStatus(tree, 'Alarm', false));
      await send('2026-07-01T10:01:02Z', withStatus(tree, 'Alarm', false));
    } finally {
      await ingest.stop();
    }
    const readings = await readingsOfDevice(t.db, device.id);
    expect(readings).toHaveLength(6 * listSensors(JSON.parse(tree) as StateTree).length);

    const auth = await userOf(site);
    const base = `/api/v1/devices/${device.id}/historical/records/`;
    const all = await get(`${base}?timestamp=${encodeURIComponent('2026-07-01 06:00:00')}`, auth);
    expect(all.statusCode).toBe(200);
    const body = all.json<{
      count: number;
      results: Array<{ timestamp: string; status: string; record_id: number }>;
    }>();
    expect(body.count).toBe(4);
    expect(body.results.map((r) => [r.timestamp, r.status])).toEqual([
      ['2026-07-01 06:00:05', 'OK'],
      ['2026-07-01 06:00:40', 'Alarm'],
      ['2026-07-01 06:00:55', 'Alarm'],
      ['2026-07-01 06:01:02', 'Alarm'],
    ]);

    const later = await get(`${base}?timestamp=${encodeURIComponent('2026-07-01 06:01:00')}`, auth);
    expect(later.json<{ results: unknown[] }>().results).toHaveLength(1);
    const paged = await get(
      `${base}?timestamp=${encodeURIComponent('2026-07-01 06:00:00')}&limit=1&offset=1`,
      auth,
    );
    const page = paged.json<{
      count: number;
      next: string | null;
      previous: string | null;
      results: Array<{ timestamp: string }>;
    }>();
    expect(page.count).toBe(4);
    expect(page.results.map((r) => r.timestamp)).toEqual(['2026-07-01 06:00:40']);
    expect(page.next).toContain('offset=2');
    expect(page.previous).not.toBeNull();

    const alarmId = body.results[1]?.record_id;
    const detail = await get(`${base}${alarmId}/`, auth);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual({ ...storedTreeOf(tree), Status: 'Alarm', Alarm: true });

    const other = await provisionDevice(t.db, { site });
    expect(
      (await get(`/api/v1/devices/${other.device.id}/historical/records/${alarmId}/`, auth)).statusCode,
    ).toBe(404);
    expect((await get(`${base}999999999/`, auth)).statusCode).toBe(404);
    const stranger = await buildClientUser(t.db, await buildClient(t.db), { roles: { isManager: true } });
    const strangerAuth = await authHeader(t.app, stranger.email, TEST_PASSWORD);
    expect((await get(`${base}?timestamp=2026-07-01%2006:00:00`, strangerAuth)).statusCode).toBe(404);
    expect((await get(`${base}${alarmId}/`, strangerAuth)).statusCode).toBe(404);
    expect((await get(`${base}?timestamp=2026-07-01%2006:00:00`)).statusCode).toBe(401);
  });

  it('refuses a missing or impossible timestamp with a clear message', async () => {
    const { device, site } = await provisionDevice(t.db);
    const auth = await userOf(site);
    const base = `/api/v1/devices/${device.id}/historical/records/`;
    const missing = await get(base, auth);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ timestamp: ['Please select date before!'] });
    for (const bad of ['2026-02-30 10:00:00', '2026-07-01 24:00:00', 'yesterday', '2026-07-01T10:00:00Z']) {
      const response = await get(`${base}?timestamp=${encodeURIComponent(bad)}`, auth);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ timestamp: ['Enter a valid date and time as YYYY-MM-DD HH:MM:00.'] });
    }
    expect((await get(`${base}?timestamp=2026-07-01%2010:00:00&limit=10001`, auth)).statusCode).toBe(400);
    expect((await get(`${base}abc/`, auth)).statusCode).toBe(400);
  });

  it('keeps readings in daily partitions and removes those older than the retention', async () => {
    const { device, identity } = await provisionDevice(t.db);
    const { ingest, clock } = clockedIngest();
    const day = 24 * 3600 * 1000;
    const fortyDaysAgo = new Date(Date.now() - 40 * day);
    const partitions = await ensurePartitions(t.db, 'sensor_readings', fortyDaysAgo, 0);
    expect(partitions).toHaveLength(1);
    try {
      // One day with its own partition, one in the default partition, one recent day.
      clock.now = fortyDaysAgo;
      expect(await ingest.ingestState(identity.udfId, treeOf(identity, 8))).toEqual({ ok: true });
      clock.now = new Date(Date.now() - 50 * day);
      expect(await ingest.ingestState(identity.udfId, treeOf(identity, 9))).toEqual({ ok: true });
      clock.now = new Date(Date.now() - 2 * day);
      expect(await ingest.ingestState(identity.udfId, treeOf(identity, 10))).toEqual({ ok: true });
    } finally {
      await ingest.stop();
    }
    const rows = async () => readingsOfDevice(t.db, device.id);
    const perMessage = (await rows()).length / 3;
    expect(perMessage).toBeGreaterThan(0);

    const { droppedPartitions, deletedRows } = await pruneReadings(t.db, 35);
    expect(droppedPartitions).toEqual(partitions);
    // Older readings of other tests' devices go too.
    expect(deletedRows).toBeGreaterThanOrEqual(perMessage);
    const left = await rows();
    expect(left).toHaveLength(perMessage);
    expect(left.every((row) => row.ts.getTime() > Date.now() - 3 * day)).toBe(true);
    expect((await listPartitions(t.db, 'sensor_readings')).map((p) => p.name)).not.toContain(partitions[0]);
    expect(t.config.telemetryRetentionDays).toBe(35);
  });

  it('creates the partitions of today and the next days when the app starts', async () => {
    const names = (await listPartitions(t.db, 'sensor_readings')).map((p) => p.name);
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    expect(names).toContain(`sensor_readings_p${today}`);
    expect(names.length).toBeGreaterThanOrEqual(3);
  });

  it('leaves the rows of a device suspended before the commit out of the batch', async () => {
    const { device, identity } = await provisionDevice(t.db, { suspended: true });
    const writer = new TelemetryWriter(t.db, { flushMs: 10_000 });
    const tree = JSON.parse(treeOf(identity, 10)) as StateTree;
    const at = new Date();
    const committed = writer.write({
      deviceId: device.id,
      at,
      digest: Buffer.alloc(16),
      state: { deviceId: device.id, tree, receivedAt: at, deviceTime: null },
      record: { deviceId: device.id, ts: at, status: tree.Status, tree },
    });
    await writer.stop();
    expect(await committed).toBe('refused');
    expect(await t.db.select().from(deviceState).where(eq(deviceState.deviceId, device.id))).toEqual([]);
    expect(await t.db.select().from(stateRecords).where(eq(stateRecords.deviceId, device.id))).toEqual([]);
  });
});
