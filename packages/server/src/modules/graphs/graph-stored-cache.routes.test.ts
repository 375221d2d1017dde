import { gunzipSync } from 'node:zlib';
import type { DeviceGraphs } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { seedGraphHistory, withDisabledSensor } from '../../../test/fixtures/graphs';
import { postTree } from '../../../test/maintenance';
import { deviceWithTree, headerAt, type SettingsDevice } from '../../../test/sensor-settings';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import type { UserRow } from '../../db/tables/users.table';
import { latestTreeReader } from '../ingest/latest-tree';
import { applySensorNames } from '../sensor-settings/sensor-settings.repo';
import { rollUp } from '../telemetry/rollups';
import { StoredBucketsCache } from './graph-stored-cache';
import { GraphsService } from './graphs.service';

/**
 * The month graph's stored-part cache answers byte for byte what a call without it answers (docs/graphs.md
 * 'Stored part cache'): within an hour, after the roll-up job closes an hour, as the 30-day window slides past
 * its oldest bucket, after a rename and a scaling change, and for a historical graph.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = { timescale: 'month' };

describe('the stored part cache of month graphs', () => {
  let t: TestApp;
  let d: SettingsDevice;
  let user: UserRow;
  let cache: StoredBucketsCache;
  let cached: GraphsService;
  let uncached: GraphsService;
  /** The hour the history's roll-ups end at; the history ends 10 minutes into it. */
  let h0: number;
  let nowMs: number;

  beforeAll(async () => {
    t = await buildTestApp();
    // The roll-ups here run at the test's clock only: the job on real time would close hour h0 between a
    // cached answer and the uncached one it is compared with.
    await t.app.rollupJob.stop();
    d = await deviceWithTree(t.app, t.db, '0300');
    expect(await postTree(t.app, d.identity, withDisabledSensor(d.tree))).toBe(202);
    h0 = Math.floor(Date.now() / HOUR) * HOUR - HOUR;
    nowMs = h0 + 10 * MINUTE;
    await seedGraphHistory(t.db, d.device.id, d.tree, nowMs);
    user = await buildUser(t.db, { roles: { isSuperuser: true } });
    const serviceOf = (storedCache: StoredBucketsCache) =>
      new GraphsService({
        db: t.db,
        latestTree: latestTreeReader(t.db, t.app.ingest),
        historyRetentionDays: 400,
        storedCache,
        now: () => new Date(nowMs),
      });
    cache = new StoredBucketsCache();
    cached = serviceOf(cache);
    uncached = serviceOf(new StoredBucketsCache({ entries: 0, bytes: 0, maxAgeMs: 0 }));
  });
  afterAll(async () => t.close());

  /** The cached service's text (asked twice: filled, then from the cache) against the uncached one's. */
  async function sameAnswer(query: Record<string, string>): Promise<DeviceGraphs> {
    const first = (await cached.deviceGraphsJson(user, d.device.id, query)).toString();
    const second = (await cached.deviceGraphsJson(user, d.device.id, query)).toString();
    const reference = (await uncached.deviceGraphsJson(user, d.device.id, query)).toString();
    expect(first).toBe(reference);
    expect(second).toBe(reference);
    return JSON.parse(reference) as DeviceGraphs;
  }

  const seriesOf = (body: DeviceGraphs, leaf: string) => {
    const sensor = `${d.identity.udfId}.${leaf}`;
    const found = Object.values(body.graphs)
      .flatMap((graph) => graph.series)
      .find((series) => series.sensor === sensor);
    expect(found, sensor).toBeDefined();
    return found as NonNullable<typeof found>;
  };

  it('answers from the cache within the hour exactly as without it', async () => {
    const before = cache.stats();
    const body = await sameAnswer(MONTH);
    expect(cache.stats().hits - before.hits).toBe(1);
    expect(cache.stats().entries).toBe(1);
    const data = seriesOf(body, 'speed.1').data;
    expect(data[0]?.[0]).toBe(h0 - 30 * DAY);

    nowMs = h0 + 40 * MINUTE;
    const hits = cache.stats().hits;
    await sameAnswer(MONTH);
    expect(cache.stats().hits - hits).toBe(2);
  });

  it('reads the stored part again once the roll-up job closes an hour, and the oldest bucket drops out', async () => {
    nowMs = h0 + HOUR + 5 * MINUTE;
    const run = await rollUp(t.db, new Date(nowMs));
    expect(run.hoursDoneUntil?.getTime()).toBe(h0 + HOUR);
    const misses = cache.stats().misses;
    const body = await sameAnswer(MONTH);
    expect(cache.stats().misses - misses).toBe(1);
    // The slot of the device's month graph holds the new key only.
    expect(cache.stats().entries).toBe(1);
    const first = seriesOf(body, 'speed.1').data[0]?.[0] ?? 0;
    expect(first).toBeGreaterThanOrEqual(h0 - 30 * DAY + HOUR);

    // The window slides on without a roll-up: another hour of the start drops out.
    nowMs = h0 + 2 * HOUR + 5 * MINUTE;
    const later = await sameAnswer(MONTH);
    expect(seriesOf(later, 'speed.1').data[0]?.[0]).toBeGreaterThanOrEqual(h0 - 30 * DAY + 2 * HOUR);
  });

  // The cache holds stored values only: names, types and k/c scaling are applied on every call (scaling is
  // covered by graph-series-json.test.ts; a 0300 has no sensor types).
  it('shows a rename at once, from the same stored part', async () => {
    const before = seriesOf(await sameAnswer(MONTH), 'speed.1');
    await applySensorNames(t.db, d.device.id, [
      { sensorId: `${d.identity.udfId}.speed.1`, value: 'Fan Speed' },
    ]);
    const hits = cache.stats().hits;
    const after = seriesOf(await sameAnswer(MONTH), 'speed.1');
    expect(cache.stats().hits - hits).toBe(2);
    expect(after.name).not.toBe(before.name);
    expect(after.name).toContain('Fan Speed');
    expect(after.data).toEqual(before.data);
  });

  it('caches a historical graph beside the month graph, and the day graph is read as before', async () => {
    const iso = new Date(h0 - 3 * DAY).toISOString();
    const timestamp = `${iso.slice(0, 10)} ${iso.slice(11, 16)}:00`;
    const entries = cache.stats().entries;
    await sameAnswer({ timestamp });
    expect(cache.stats().entries).toBe(entries + 1);
    await sameAnswer({ timescale: 'day' });
    expect(cache.stats().entries).toBe(entries + 1);
  });

  it('sends the month graph compressed to a client that accepts it, the same JSON once inflated', async () => {
    const authorization = await headerAt(t.app, t.db, d.site, 'User');
    const url = `/api/v1/graphs/device/${d.device.id}/?timescale=month`;
    const plain = await t.app.inject({ url, headers: { authorization } });
    const zipped = await t.app.inject({ url, headers: { authorization, 'accept-encoding': 'gzip' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const inflated = JSON.parse(gunzipSync(zipped.rawPayload).toString()) as DeviceGraphs;
    // Both answers end now (a few ms apart), so only the stored part is compared.
    const points = (body: DeviceGraphs) => seriesOf(body, 'tmp.1').data.slice(0, 300);
    expect(points(inflated)).toEqual(points(plain.json<DeviceGraphs>()));
  });
});
