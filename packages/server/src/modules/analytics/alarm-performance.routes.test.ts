import { type AlarmPerformance, ANALYTICS_MESSAGES } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildDevice, buildSite } from '../../../test/factories';
import { seedEvents, staffHeader } from '../../../test/fixtures/analytics';
import { signedInAt } from '../../../test/maintenance';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import type { DeviceRow } from '../../db/tables/devices.table';
import type { LocationRow } from '../../db/tables/sites.table';
import { applySensorNames } from '../sensor-settings/sensor-settings.repo';
import { insertShelf } from '../shelving/shelving.repo';

const RANGE = '?start=1 Mar 2025&end=2 Mar 2025';

describe('alarm performance of a site through the API', () => {
  let t: TestApp;
  let superuser: string;
  let site: LocationRow;
  let first: DeviceRow;
  let second: DeviceRow;

  const getPerformance = (authorization: string, siteId: number | string, query = RANGE) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/analytics/site/${siteId}/alarm-performance/${encodeURI(query)}`,
      headers: { authorization },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    superuser = (await staffHeader(t.app, t.db)).authorization;
    site = await buildSite(t.db, await buildClient(t.db));
    first = await buildDevice(t.db, site, { deviceType: 'F500', title: 'Crusher' });
    second = await buildDevice(t.db, site, { deviceType: 'F500-UDF', title: 'Elevator' });
    const node = await buildDevice(t.db, site, { deviceType: '0005', title: 'Node' });
    await applySensorNames(t.db, first.id, [{ sensorId: 'X.a.1', value: 'Head Speed' }]);
    const a = { sensor: 'X.a.1', name: 'Belt Speed' };
    await seedEvents(t.db, first.id, [
      // Chattering: the third alarm within 60 s (10:00:50) is a burst; 10:01:30 is 70 s after 10:00:20.
      { ...a, at: '2025-03-01T10:00:00Z' },
      { ...a, at: '2025-03-01T10:00:05Z', kind: 'alarm_off' },
      { ...a, at: '2025-03-01T10:00:20Z' },
      { ...a, at: '2025-03-01T10:00:25Z', kind: 'alarm_off' },
      { ...a, at: '2025-03-01T10:00:50Z' },
      { ...a, at: '2025-03-01T10:00:55Z', kind: 'alarm_off' },
      { ...a, at: '2025-03-01T10:01:30Z' },
      { ...a, at: '2025-03-01T10:02:00Z', kind: 'alarm_off' },
      // Standing: cleared after 25 h; still open.
      { sensor: 'X.b.2', name: 'Door', at: '2025-03-01T12:00:00Z' },
      { sensor: 'X.b.2', name: 'Door', at: '2025-03-02T13:00:00Z', kind: 'alarm_off' },
      { sensor: 'X.c.3', name: 'Pump', at: '2025-03-02T08:00:00Z' },
    ]);
    await seedEvents(t.db, second.id, [
      { ...a, at: '2025-02-28T23:59:00Z' }, // before the range
      { ...a, at: '2025-03-01T00:01:00Z', kind: 'alarm_off' },
      { ...a, at: '2025-03-02T23:59:00Z' }, // cleared after the range, 10 min later
      { ...a, at: '2025-03-03T00:09:00Z', kind: 'alarm_off' },
      { ...a, at: '2025-03-03T00:10:00Z' }, // after the range
    ]);
    await seedEvents(t.db, node.id, [{ ...a, at: '2025-03-01T10:00:00Z' }]); // 0005: no analytics
  });
  afterAll(async () => t.close());

  async function performance(): Promise<AlarmPerformance> {
    const response = await getPerformance(superuser, site.id);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AlarmPerformance>();
  }

  const crusher = (sensorId: string, name: string) => ({
    device_id: first.id,
    device_title: 'Crusher',
    sensor_id: sensorId,
    sensor_name: name,
  });

  it('counts the alarms of the range and their average and peak 10-minute rate per hour', async () => {
    const figures = await performance();
    expect(figures).toMatchObject({
      location: { id: site.id, title: site.title },
      start: '2025-03-01',
      end: '2025-03-02',
      total_alarms: 7,
      hours: 48,
      average_per_hour: 0.15,
      peak: { start: '2025-03-01T10:00:00.000Z', alarms: 4, per_hour: 24 },
    });
  });

  it('finds chattering sensors: 3 or more alarms of one sensor within 60 s', async () => {
    expect((await performance()).chattering).toEqual([
      { ...crusher('X.a.1', 'Head Speed'), alarms: 4, bursts: 1 },
    ]);
  });

  it('lists standing alarms: cleared after more than 24 h, or still open for more than 24 h', async () => {
    const { standing, standing_count } = await performance();
    expect(standing_count).toBe(2);
    expect(standing[0]).toEqual({
      ...crusher('X.b.2', 'Door'),
      raised_at: '2025-03-01T12:00:00.000Z',
      cleared_at: '2025-03-02T13:00:00.000Z',
      hours_open: 25,
    });
    expect(standing[1]).toMatchObject({ ...crusher('X.c.3', 'Pump'), cleared_at: null });
    expect(standing[1]?.hours_open).toBeGreaterThan(24);
  });

  it('ranks the most frequent sensors with their share of all alarms', async () => {
    expect((await performance()).top_sensors).toEqual([
      { ...crusher('X.a.1', 'Head Speed'), alarms: 4, share: 57.1 },
      {
        device_id: second.id,
        device_title: 'Elevator',
        sensor_id: 'X.a.1',
        sensor_name: 'Belt Speed',
        alarms: 1,
        share: 14.3,
      },
      { ...crusher('X.b.2', 'Door'), alarms: 1, share: 14.3 },
      { ...crusher('X.c.3', 'Pump'), alarms: 1, share: 14.3 },
    ]);
  });

  it('takes the median time to clear over the cleared alarms (5, 5, 5, 30, 600, 90000 s)', async () => {
    expect(await performance()).toMatchObject({ median_clear_seconds: 17.5, cleared_alarms: 6 });
  });

  it('answers zeros for a range without alarms', async () => {
    const response = await getPerformance(superuser, site.id, '?start=1 Jan 2025&end=1 Jan 2025');
    expect(response.json<AlarmPerformance>()).toMatchObject({
      total_alarms: 0,
      average_per_hour: 0,
      peak: null,
      chattering: [],
      standing: [],
      top_sensors: [],
      median_clear_seconds: null,
    });
  });

  it('refuses bad dates (400), a Manager or Engineer of the site (403), other clients and missing sites (404)', async () => {
    const bad = await getPerformance(superuser, site.id, '?start=2 Mar 2025&end=1 Mar 2025');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ start: [ANALYTICS_MESSAGES.startAfterEnd] });
    expect((await getPerformance(superuser, site.id, '?start=1 Mar 2025')).statusCode).toBe(400);
    for (const permission of ['Manager', 'Engineer'] as const) {
      const person = await signedInAt(t.app, t.db, site, permission);
      expect((await getPerformance(person.authorization, site.id)).statusCode).toBe(403);
    }
    const stranger = await signedInAt(t.app, t.db, await buildSite(t.db, await buildClient(t.db)), 'Manager');
    expect((await getPerformance(stranger.authorization, site.id)).statusCode).toBe(404);
    expect((await getPerformance(superuser, 2_000_000_000)).statusCode).toBe(404);
  });

  it('counts the alarms raised while their sensor was shelved apart (issue 27)', async () => {
    // Head Speed shelved 10:00:10 to 10:01:00, unshelved by hand at 10:00:55: its alarms at 10:00:20 and 10:00:50.
    await insertShelf(t.db, {
      locationId: site.id,
      deviceId: first.id,
      sensorId: 'X.a.1',
      sensorName: 'Head Speed',
      deviceTitle: 'Crusher',
      reason: 'Belt change',
      shelvedAt: new Date('2025-03-01T10:00:10Z'),
      shelvedByName: 'Engineer',
      until: new Date('2025-03-01T10:01:00Z'),
      unshelvedAt: new Date('2025-03-01T10:00:55Z'),
      unshelveHow: 'by-hand',
    });
    const figures = await performance();
    expect(figures).toMatchObject({ total_alarms: 5, shelved_alarms: 2, average_per_hour: 0.1 });
    // The sensors' own figures still count every alarm they raised.
    expect(figures.top_sensors[0]).toMatchObject({ sensor_id: 'X.a.1', alarms: 4, share: 57.1 });
  });
});
