import { ANALYTICS_MESSAGES } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildSite } from '../../../test/factories';
import { analyticsDevice, getReport, seedEvents, staffHeader } from '../../../test/fixtures/analytics';
import { signedInAt } from '../../../test/maintenance';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { applySensorNames } from '../sensor-settings/sensor-settings.repo';

const REPORTS = ['alarm-sensor', 'alarm-time', 'alarm-type'] as const;

describe('analytics through the API', () => {
  let t: TestApp;
  let superuser: string;
  /** An F500 at a New York site with seeded events between 31 Oct and 6 Nov 2026. */
  let seeded: Awaited<ReturnType<typeof analyticsDevice>>;

  beforeAll(async () => {
    t = await buildTestApp();
    superuser = (await staffHeader(t.app, t.db)).authorization;
    seeded = await analyticsDevice(t.db, 'F500', 'America/New_York');
    const id = seeded.device.id;
    await applySensorNames(t.db, id, [{ sensorId: 'U.speed.1', value: 'Head Pulley Speed' }]);
    await seedEvents(t.db, id, [
      { at: '2026-10-31T23:59:59Z', sensor: 'U.speed.1', name: 'Belt Speed' }, // before the range
      { at: '2026-11-01T00:00:00Z', sensor: 'U.speed.1', name: 'Belt Speed' }, // 20:00 EDT, 31 Oct
      { at: '2026-11-02T14:10:00Z', sensor: 'U.speed.1', name: 'Belt Speed' }, // 09:10 EST
      { at: '2026-11-02T14:20:00Z', sensor: 'U.speed.1', kind: 'alarm_off', name: 'Belt Speed' },
      {
        at: '2026-11-03T14:20:00Z',
        sensor: 'U.door.2',
        name: 'Door Switch',
        state: 'Contact Sensor Open / OFF',
      },
      {
        at: '2026-11-03T15:00:00Z',
        sensor: 'U.door.2',
        name: 'Door Switch',
        state: 'Contact Sensor Closed / ON',
      },
      { at: '2026-11-04T02:00:00Z', sensor: 'U.temp.3', state: 'High Temperature' }, // 21:00, 3 Nov; no name kept
      { at: '2026-11-04T03:00:00Z', sensor: 'U.temp.3', kind: 'warning_on', status: 'WARNING' },
      { at: '2026-11-05T23:59:59Z', sensor: 'U.speed.1', name: 'Belt Speed' }, // 18:59 EST
      { at: '2026-11-06T00:00:00Z', sensor: 'U.speed.1', name: 'Belt Speed' }, // after the range
    ]);
    // Another device: its alarms are not this one's.
    const other = await analyticsDevice(t.db, 'F500');
    await seedEvents(t.db, other.device.id, [{ at: '2026-11-02T10:00:00Z', sensor: 'U.speed.1' }]);
  });
  afterAll(async () => t.close());

  const okJson = async (report: string, query?: string, authorization = superuser) => {
    const response = await getReport(t.app, authorization, seeded.device.id, report, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it("alarm-sensor counts alarms per sensor under the configured name, else the kept name, else the sensor's Id", async () => {
    expect(await okJson('alarm-sensor')).toEqual([
      { sensor_name: 'Head Pulley Speed', y: 3 },
      { sensor_name: 'Door Switch', y: 2 },
      { sensor_name: '3', y: 1 },
    ]);
  });

  it('alarm-sensor names the node of F500 sensors, and the network on an F500-UDF', async () => {
    const f500 = await analyticsDevice(t.db, 'F500');
    const udf = await analyticsDevice(t.db, 'F500-UDF');
    for (const { device } of [f500, udf]) {
      await seedEvents(t.db, device.id, [
        { at: '2026-11-02T10:00:00Z', sensor: 'U.net1.n01.1', name: 'Bearing Temperature' },
        { at: '2026-11-02T11:00:00Z', sensor: 'U.net1.n02.1', name: 'Bearing Temperature' },
        { at: '2026-11-02T12:00:00Z', sensor: 'U.net1.n02.1', name: 'Bearing Temperature' },
      ]);
    }
    const report = async (deviceId: number) =>
      (await getReport(t.app, superuser, deviceId, 'alarm-sensor')).json<unknown>();
    expect(await report(f500.device.id)).toEqual([
      { sensor_name: 'Bearing Temperature · Node 2', y: 2 },
      { sensor_name: 'Bearing Temperature · Node 1', y: 1 },
    ]);
    expect(await report(udf.device.id)).toEqual([
      { sensor_name: 'Bearing Temperature · Network 1 · Node 2', y: 2 },
      { sensor_name: 'Bearing Temperature · Network 1 · Node 1', y: 1 },
    ]);
  });

  it("alarm-time places the alarms in the site's hours, all 24 of them", async () => {
    const hours = (await okJson('alarm-time')) as Array<{ name: number; y: number }>;
    expect(hours.map((hour) => hour.name)).toEqual([...Array(24).keys()]);
    const nonZero = Object.fromEntries(hours.filter((hour) => hour.y > 0).map((hour) => [hour.name, hour.y]));
    expect(nonZero).toEqual({ 9: 2, 10: 1, 18: 1, 20: 1, 21: 1 });
  });

  it("alarm-type answers [total, types]: 'Alarm' as 'Underspeed Alarm', contact states merged", async () => {
    expect(await okJson('alarm-type')).toEqual([
      6,
      [
        { name: 'Underspeed Alarm', y: 3 },
        { name: 'Contact Changed', y: 2 },
        { name: 'High Temperature', y: 1 },
      ],
    ]);
  });

  it('reads zero-padded days and a one-day range (start day 00:00 to end day 24:00 UTC)', async () => {
    expect(await okJson('alarm-type', '?start=01 Nov 2026&end=05 Nov 2026')).toEqual(
      await okJson('alarm-type'),
    );
    expect(await okJson('alarm-sensor', '?start=5 Nov 2026&end=5 Nov 2026')).toEqual([
      { sensor_name: 'Head Pulley Speed', y: 1 },
    ]);
    expect(await okJson('alarm-type', '?start=1 Dec 2026&end=31 Dec 2026')).toEqual([0, []]);
  });

  it('lets an OEM user read the reports', async () => {
    const oem = (await staffHeader(t.app, t.db, 'isOem')).authorization;
    expect((await okJson('alarm-type', undefined, oem))[0]).toBe(6);
  });

  it.each(REPORTS)('%s refuses missing, malformed and reversed dates with a clear 400', async (report) => {
    const id = seeded.device.id;
    const missing = await getReport(t.app, superuser, id, report, '?start=1 Nov 2026');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ end: [ANALYTICS_MESSAGES.endRequired] });
    const malformed = await getReport(t.app, superuser, id, report, '?start=31 Nov 2026&end=2026-12-01');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      start: [ANALYTICS_MESSAGES.invalidDate],
      end: [ANALYTICS_MESSAGES.invalidDate],
    });
    const reversed = await getReport(t.app, superuser, id, report, '?start=6 Nov 2026&end=5 Nov 2026');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ start: [ANALYTICS_MESSAGES.startAfterEnd] });
    expect((await getReport(t.app, superuser, 'abc', report)).statusCode).toBe(400);
  });

  it.each(REPORTS)('%s is refused (403) to a Manager and an Engineer of the site', async (report) => {
    for (const permission of ['Manager', 'Engineer'] as const) {
      const person = await signedInAt(t.app, t.db, seeded.site, permission);
      const response = await getReport(t.app, person.authorization, seeded.device.id, report);
      expect(response.statusCode).toBe(403);
    }
  });

  it.each(REPORTS)(
    "%s answers 404 for another client's device and for a missing one, 401 without a token",
    async (report) => {
      const foreignSite = await buildSite(t.db, await buildClient(t.db));
      const stranger = await signedInAt(t.app, t.db, foreignSite, 'Manager');
      const foreign = await getReport(t.app, stranger.authorization, seeded.device.id, report);
      expect(foreign.statusCode).toBe(404);
      expect((await getReport(t.app, superuser, 2_000_000_000, report)).statusCode).toBe(404);
      expect((await getReport(t.app, '', seeded.device.id, report)).statusCode).toBe(401);
    },
  );

  it.each(REPORTS)('%s refuses device types without analytics (400)', async (report) => {
    for (const deviceType of ['0005', '0006'] as const) {
      const { device } = await analyticsDevice(t.db, deviceType);
      const response = await getReport(t.app, superuser, device.id, report);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ device: [ANALYTICS_MESSAGES.deviceType] });
    }
    for (const deviceType of ['0300', 'F500-UDF'] as const) {
      const { device } = await analyticsDevice(t.db, deviceType);
      expect((await getReport(t.app, superuser, device.id, report)).statusCode).toBe(200);
    }
  });
});
