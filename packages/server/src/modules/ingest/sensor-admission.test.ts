import { listSensors, type StateTree } from '@vigil/contracts';
import { Counter } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSensors, provisionDevice } from '../../../test/telemetry';
import { openTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle } from '../../db/database';
import { SensorKeys } from '../telemetry/sensor-keys';
import { MAX_DEVICE_SENSORS, MAX_NEW_SENSORS_PER_HOUR, SensorAdmission } from './sensor-admission';

const HOUR_MS = 60 * 60 * 1000;

/** A tree of the device whose sensors (in one group, 'g') have the given leaf ids. */
function treeWith(udfId: string, ids: readonly number[]): StateTree {
  const sensor = (id: number) => ({
    Id: id,
    Name: `Sensor ${id}`,
    Type: 'NUMERIC' as const,
    Value: 1,
    Status: 'Alarm' as const,
    Alarm: true,
    Meta: { Units: null },
  });
  return {
    Id: udfId,
    Name: 'Unit',
    Status: 'Alarm',
    Alarm: true,
    time: 1_763_700_000,
    device: { deviceId: udfId, deviceType: 'f500' },
    sensors: [],
    groups: [{ Id: 'g', Name: 'Group', Status: 'Alarm', Alarm: true, sensors: ids.map(sensor) }],
  };
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, n) => from + n);

describe('SensorAdmission', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  /** An admission on the test database with a clock the test moves, and what it logged and counted. */
  function admissionFor() {
    const clock = { now: Date.parse('2026-11-27T10:00:00Z') };
    const warnings: object[] = [];
    const refused = new Counter({ name: 'test_refused', help: 'test', registers: [] });
    const keys = new SensorKeys();
    const admission = new SensorAdmission({
      db: database.db,
      keys,
      refused,
      log: { warn: (object) => warnings.push(object) },
      now: () => clock.now,
    });
    /** Admits the tree of these ids; answers the full ids kept in it. */
    const admit = async (udfId: string, deviceId: number, ids: readonly number[]) => {
      const tree = treeWith(udfId, ids);
      const kept = await admission.admit(deviceId, udfId, tree, listSensors(tree));
      expect(listSensors(tree).map((entry) => entry.fullId)).toEqual(kept.map((entry) => entry.fullId));
      return kept.map((entry) => entry.fullId);
    };
    const refusedCount = async () => (await refused.get()).values[0]?.value ?? 0;
    /** Stores the rows of these full ids and remembers their keys, as the writer's commit does. */
    const commit = async (deviceId: number, ids: string[]) => {
      const rows = await insertSensors(database.db, deviceId, ids);
      keys.remember(
        new Map([[deviceId, new Map(ids.map((id, n): [string, number] => [id, rows[n] as number]))]]),
      );
    };
    return { clock, warnings, refusedCount, admission, admit, commit, keys };
  }

  const fullIds = (udfId: string, ids: readonly number[]) => ids.map((id) => `${udfId}.g.${id}`);

  it('takes a new device’s whole first tree, then 100 new ids an hour, logging once per hour', async () => {
    const { device } = await provisionDevice(database.db);
    const { udfId } = device;
    const { clock, warnings, refusedCount, admit, commit } = admissionFor();
    const layout = range(1, 40);
    expect(await admit(udfId, device.id, layout)).toEqual(fullIds(udfId, layout));
    await commit(device.id, fullIds(udfId, layout));

    const flood = range(1000, 500);
    const firstHour = await admit(udfId, device.id, [...layout, ...flood]);
    expect(firstHour).toEqual(fullIds(udfId, [...layout, ...flood.slice(0, MAX_NEW_SENSORS_PER_HOUR)]));
    expect(await refusedCount()).toBe(400);
    // The same tree again, before the batch commits: the 100 given are kept, not charged twice.
    expect(await admit(udfId, device.id, [...layout, ...flood])).toHaveLength(40 + MAX_NEW_SENSORS_PER_HOUR);
    expect(await refusedCount()).toBe(800);
    expect(warnings).toEqual([
      expect.objectContaining({ udfId, refusedIds: 400, maxNewSensorsPerHour: MAX_NEW_SENSORS_PER_HOUR }),
    ]);
    await commit(device.id, firstHour.slice(40));

    // The next hour it may add as many as it had when the hour began (140), more than 100.
    clock.now += HOUR_MS;
    expect(await admit(udfId, device.id, [...layout, ...flood])).toHaveLength(140 + 140);
    expect(warnings).toHaveLength(2);
  });

  it('lets a device of 500 sensors double its layout in an hour, not more', async () => {
    const { device } = await provisionDevice(database.db);
    const { admit, commit } = admissionFor();
    const layout = range(1, 500);
    expect(await admit(device.udfId, device.id, layout)).toHaveLength(500);
    await commit(device.id, fullIds(device.udfId, layout));
    expect(await admit(device.udfId, device.id, range(1, 1200))).toHaveLength(1000);
  });

  it('knows ids stored before it started, or by another instance, and never charges them', async () => {
    const { device } = await provisionDevice(database.db);
    const ids = range(1, 250);
    await insertSensors(database.db, device.id, fullIds(device.udfId, ids));
    const { admit, refusedCount, keys } = admissionFor();
    expect(await admit(device.udfId, device.id, ids)).toHaveLength(250);
    expect(await refusedCount()).toBe(0);
    expect(keys.ofDevice(device.id)?.size).toBe(250);
  });

  it(`keeps a device at ${MAX_DEVICE_SENSORS} sensors whatever the hour`, async () => {
    const { device } = await provisionDevice(database.db);
    const stored = range(1, MAX_DEVICE_SENSORS - 10);
    await insertSensors(database.db, device.id, fullIds(device.udfId, stored));
    const { admit, refusedCount } = admissionFor();
    const fresh = range(5000, 50);
    expect(await admit(device.udfId, device.id, fresh)).toEqual(fullIds(device.udfId, fresh.slice(0, 10)));
    expect(await refusedCount()).toBe(40);
  });

  it('forgets the hours that are over, so memory holds only devices that brought new ids lately', async () => {
    const { device } = await provisionDevice(database.db);
    const { clock, admission, admit } = admissionFor();
    await admit(device.udfId, device.id, range(1, 5));
    expect(admission.trackedDevices).toBe(1);
    admission.prune();
    expect(admission.trackedDevices).toBe(1);
    clock.now += HOUR_MS;
    admission.prune();
    expect(admission.trackedDevices).toBe(0);
  });
});
