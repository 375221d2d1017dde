import { listSensors, type StateTree } from '@vigil/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionDevice, treeOf } from '../../../test/telemetry';
import { openTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle } from '../../db/database';
import { deviceEvents } from '../../db/tables/device-events.table';
import { upsertDeviceStates } from '../telemetry/telemetry.repo';
import { readingsOf } from '../telemetry/tree-rows';
import { messageDigest } from './message-receipts';
import type { TelemetryWrite } from './telemetry-writer';
import { WriterLanes } from './writer-lanes';

/**
 * Two WriterLanes on one database stand for two server instances behind a shared subscription or a load
 * balancer: each has its own memory, only the database is shared.
 */
describe('exact alarm edges on several instances', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  const instance = () => new WriterLanes(database.db, { flushMs: 3_600_000, lanes: 2 });
  let clock = Date.parse('2026-11-24T08:00:00Z');
  /** Each message a second after the last. */
  const tick = () => {
    clock += 1000;
    return new Date(clock);
  };

  /** The device's tree with its first sensor in alarm or clear. */
  function treeWith(base: StateTree, alarm: boolean): StateTree {
    const tree = structuredClone(base);
    const [first] = listSensors(tree);
    if (first === undefined) {
      throw new Error('the simulated tree has no sensor');
    }
    first.sensor.Status = alarm ? 'Alarm' : 'OK';
    first.sensor.Alarm = alarm;
    return tree;
  }

  const stateOf = (deviceId: number, tree: StateTree, at: Date) => ({
    deviceId,
    tree,
    receivedAt: at,
    deviceTime: null,
  });

  function writeOf(deviceId: number, tree: StateTree): TelemetryWrite {
    const at = tick();
    return {
      deviceId,
      at,
      digest: messageDigest(`${JSON.stringify(tree)}${at.toISOString()}`),
      state: stateOf(deviceId, tree, at),
      readings: readingsOf(tree),
    };
  }

  async function send(lanes: WriterLanes, deviceId: number, tree: StateTree) {
    const outcome = lanes.write(writeOf(deviceId, tree));
    await lanes.flushDevice(deviceId);
    return outcome;
  }

  async function edgesOf(deviceId: number) {
    const rows = await database.db
      .select({ kind: deviceEvents.kind, sensorId: deviceEvents.sensorId })
      .from(deviceEvents)
      .where(eq(deviceEvents.deviceId, deviceId))
      .orderBy(asc(deviceEvents.id));
    return rows.filter((row) => row.kind === 'alarm_on' || row.kind === 'alarm_off');
  }

  async function deviceWithTree() {
    const { device, identity } = await provisionDevice(database.db);
    const base = JSON.parse(treeOf(identity, 1)) as StateTree;
    return { deviceId: device.id, base, sensorId: listSensors(base)[0]?.fullId };
  }

  it('records every edge once when a device’s trees alternate between two instances', async () => {
    const { deviceId, base, sensorId } = await deviceWithTree();
    const [a, b] = [instance(), instance()];
    for (let i = 0; i < 10; i++) {
      expect(await send(i % 2 === 0 ? a : b, deviceId, treeWith(base, i % 2 === 0))).toBe('stored');
    }
    await Promise.all([a.stop(), b.stop()]);
    const expected = Array.from({ length: 10 }, (_, i) => ({
      kind: i % 2 === 0 ? 'alarm_on' : 'alarm_off',
      sensorId,
    }));
    expect(await edgesOf(deviceId)).toEqual(expected);
  });

  it('neither repeats nor loses an edge after a restart: a new instance reads the stored states', async () => {
    const { deviceId, base } = await deviceWithTree();
    const before = instance();
    await send(before, deviceId, treeWith(base, true));
    await before.stop();
    const after = instance();
    await send(after, deviceId, treeWith(base, true));
    await send(after, deviceId, treeWith(base, false));
    await after.stop();
    expect((await edgesOf(deviceId)).map((edge) => edge.kind)).toEqual(['alarm_on', 'alarm_off']);
  });

  it('keeps on and off alternating when two instances store trees of one device at the same time', async () => {
    const { deviceId, base } = await deviceWithTree();
    const [a, b] = [instance(), instance()];
    for (let round = 0; round < 8; round++) {
      // Both batches race for the device's row: whichever commits second compares with the first one's states.
      await Promise.all([send(a, deviceId, treeWith(base, true)), send(b, deviceId, treeWith(base, false))]);
    }
    await Promise.all([a.stop(), b.stop()]);
    const kinds = (await edgesOf(deviceId)).map((edge) => edge.kind);
    expect(kinds.length).toBeGreaterThan(0);
    kinds.forEach((kind, index) => {
      expect(kind).toBe(index % 2 === 0 ? 'alarm_on' : 'alarm_off');
    });
  });

  it('compares a device stored before edge states existed with its latest stored tree', async () => {
    const { deviceId, base } = await deviceWithTree();
    const at = tick();
    await upsertDeviceStates(database.db, [stateOf(deviceId, treeWith(base, true), at)]);
    const upgraded = instance();
    await send(upgraded, deviceId, treeWith(base, true));
    await send(upgraded, deviceId, treeWith(base, false));
    await upgraded.stop();
    expect((await edgesOf(deviceId)).map((edge) => edge.kind)).toEqual(['alarm_off']);
  });
});
