import { listSensors, type StateTree } from '@vigil/contracts';
import { SimulatedDevice } from '@vigil/simulator';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from '../db/database';
import { alertRules } from '../db/tables/alert-rules.table';
import { devices } from '../db/tables/devices.table';
import { locations } from '../db/tables/sites.table';
import { users } from '../db/tables/users.table';
import {
  visualMachineSensors,
  visualMachines,
  visualSchemas,
  visualTabs,
} from '../db/tables/visual-dashboard.table';
import { findRollupProgress } from '../modules/telemetry/rollups.repo';
import { readSeries } from '../modules/telemetry/series';
import { findUserByEmail } from '../modules/users/users.repo';
import { DEMO_DEVICES } from './demo-devices';
import { DEMO_PLANT_NAME } from './demo-plant';
import { seedDemo } from './seed-demo';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const NOW = new Date('2026-11-20T15:37:24Z');

describe('the demo data set', () => {
  let handle: DatabaseHandle;

  async function count(query: ReturnType<typeof sql>): Promise<Record<string, unknown>> {
    const result = (await handle.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> };
    return result.rows[0] ?? {};
  }

  /** Rows of every table the history writes, to see that a second seed adds none. */
  async function historyCounts(): Promise<Record<string, unknown>> {
    return count(sql`select (select count(*)::int from sensor_readings) as readings,
      (select count(*)::int from sensor_rollups_1m) as minutes, (select count(*)::int from sensor_rollups_1h) as hours,
      (select count(*)::int from device_events) as events, (select count(*)::int from state_records) as records`);
  }

  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => handle.close());

  it('gives the Northfield manager e-mail alert rules, once, whatever the number of starts', async () => {
    const first = await seedDemo(handle.db, { now: NOW });
    expect(first.created).toBe(true);
    const before = await historyCounts();
    expect(await seedDemo(handle.db, { now: new Date(NOW.getTime() + DAY_MS) })).toEqual({ created: false });
    expect(await historyCounts()).toEqual(before);
    const manager = await findUserByEmail(handle.db, 'manager@northfield.demo');
    const rules = await handle.db
      .select()
      .from(alertRules)
      .where(eq(alertRules.userId, manager?.id ?? 0));
    expect(rules.map((rule) => [rule.eventType, rule.contactWhen, rule.allDevices])).toEqual([
      ['alarm', 0, true],
      ['warning', 2, true],
    ]);
  });

  it('holds four weeks of readings, roll-ups, alarms and snapshots before the first start', async () => {
    const readings = await count(sql`select count(distinct date_trunc('day', ts, 'UTC'))::int as days,
      min(ts) as first, max(ts) as last from sensor_readings`);
    expect(readings.days).toBe(29);
    // Older than a week the readings are hourly.
    expect(new Date(String(readings.first)).getTime()).toBeLessThanOrEqual(
      NOW.getTime() - 28 * DAY_MS + HOUR_MS,
    );
    expect(new Date(String(readings.last)).getTime()).toBeLessThan(NOW.getTime());

    const hours = await count(sql`select count(distinct date_trunc('day', bucket, 'UTC'))::int as days
      from sensor_rollups_1h`);
    expect(hours.days).toBeGreaterThanOrEqual(28);
    expect(await findRollupProgress(handle.db, '1m')).toEqual(new Date('2026-11-20T15:37:00Z'));
    expect(await findRollupProgress(handle.db, '1h')).toEqual(new Date('2026-11-20T15:00:00Z'));

    // A 30-day and a 7-day graph of a bearing temperature have points all along (the history's first hour aside).
    const sensor = await count(sql`select s.id from sensors s join devices d on d.id = s.device_id
      where s.sensor_id = 'F5000001.net1.n01.1'`);
    for (const days of [30, 7]) {
      const series = await readSeries(handle.db, {
        sensorKey: Number(sensor.id),
        from: new Date(NOW.getTime() - days * DAY_MS),
        to: NOW,
      });
      const valued = series.points.filter((point) => point.value !== null);
      expect(valued.length).toBeGreaterThan(days === 30 ? 27 * 24 : 6 * 24 * 2);
    }

    const alarms = await count(sql`select count(*)::int as alarms, min(ts) as first from device_events
      where kind = 'alarm_on'`);
    expect(Number(alarms.alarms)).toBeGreaterThanOrEqual(10);
    expect(new Date(String(alarms.first)).getTime()).toBeLessThan(NOW.getTime() - 21 * DAY_MS);
    const offline = await count(
      sql`select count(*)::int as outages from device_events where kind = 'device_offline'`,
    );
    expect(offline.outages).toBe(1);

    const records = await count(sql`select count(*)::int as records,
      count(*) filter (where tree->'device'->>'accessCode' <> '')::int as with_code from state_records`);
    expect(Number(records.records)).toBeGreaterThan(28 * 4 * 5);
    expect(records.with_code).toBe(0);

    // The devices were installed when their history starts, and belong to their client since then.
    const devices = await count(sql`select count(*)::int as devices, max(d.date_created) as installed,
      count(o.id)::int as owned from devices d left join device_ownerships o on o.device_id = d.id and o.since = d.date_created`);
    expect(devices.devices).toBe(5);
    expect(devices.owned).toBe(5);
    expect(new Date(String(devices.installed)).getTime()).toBeLessThan(NOW.getTime() - 27 * DAY_MS);
  });

  it('publishes a plant on the main site, its machines bound to sensors of the demo devices, once', async () => {
    expect(await seedDemo(handle.db, { now: NOW })).toEqual({ created: false });
    const [site] = await handle.db.select().from(locations).where(eq(locations.title, 'Main Elevator'));
    const schemas = await handle.db
      .select()
      .from(visualSchemas)
      .where(eq(visualSchemas.locationId, site?.id ?? 0));
    expect(schemas.map((schema) => [schema.name, schema.isPublished])).toEqual([[DEMO_PLANT_NAME, true]]);
    expect(await handle.db.select().from(visualSchemas)).toHaveLength(1);
    const schemaId = schemas[0]?.id ?? 0;
    const tabs = await handle.db.select().from(visualTabs).where(eq(visualTabs.schemaId, schemaId));
    expect(tabs.map((tab) => [tab.name, tab.width, tab.height])).toEqual([
      ['Receiving', 1400, 700],
      ['Drying', 1400, 700],
    ]);

    // Every bound sensor (and running-state sensor) is one of its device's tree, as the simulator sends it.
    const sensorsOf = new Map<string, Set<string>>();
    for (const demo of DEMO_DEVICES) {
      const simulated = new SimulatedDevice(demo, { seed: 1, rate: 1, scenarioChance: 0 });
      simulated.step();
      const tree = JSON.parse(simulated.serialiseStateTree()) as StateTree;
      sensorsOf.set(demo.udfId, new Set(listSensors(tree).map((entry) => entry.fullId)));
    }
    const isDemoSensor = (udfId: string, sensorId: string) =>
      sensorId.startsWith(`${udfId}.`) && sensorsOf.get(udfId)?.has(sensorId) === true;
    const bindings = await handle.db
      .select({
        sensorId: visualMachineSensors.sensorId,
        udfId: devices.udfId,
        locationId: devices.locationId,
      })
      .from(visualMachineSensors)
      .innerJoin(devices, eq(devices.id, visualMachineSensors.deviceId))
      .where(eq(visualMachineSensors.schemaId, schemaId));
    expect(bindings.length).toBeGreaterThanOrEqual(20);
    for (const binding of bindings) {
      expect(isDemoSensor(binding.udfId, binding.sensorId), binding.sensorId).toBe(true);
      expect(binding.locationId).toBe(site?.id);
    }
    const machines = await handle.db
      .select()
      .from(visualMachines)
      .innerJoin(visualTabs, eq(visualTabs.id, visualMachines.tabId))
      .where(eq(visualTabs.schemaId, schemaId));
    const states = machines.flatMap((row) => row.visual_machines.systemStateSensor ?? []);
    expect(states.length).toBeGreaterThan(0);
    for (const state of states) {
      expect(
        [...sensorsOf.values()].some((ids) => ids.has(state)),
        state,
      ).toBe(true);
    }

    // Everyone who sees the Main Elevator has the visual dashboard; Harbor's manager shows its gate.
    const people = await handle.db
      .select({ email: users.email, enabled: users.visualDashboardEnabled })
      .from(users);
    expect(people.filter((person) => !person.enabled).map((person) => person.email)).toEqual([
      'manager@harborfeed.demo',
    ]);
  });
});
