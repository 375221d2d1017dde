import type { StateTree } from '@vigil/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionDevice, readingsOfDevice, treeOf } from '../../../test/telemetry';
import { openTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle } from '../../db/database';
import { deviceEvents } from '../../db/tables/device-events.table';
import { deviceState } from '../../db/tables/device-state.table';
import { devices } from '../../db/tables/devices.table';
import { messageReceipts } from '../../db/tables/message-receipts.table';
import { sensors } from '../../db/tables/sensors.table';
import { getDeviceById } from '../devices/devices.repo';
import { pgClientOf, readingsCopyText } from '../telemetry/readings-copy';
import { readingsOf } from '../telemetry/tree-rows';
import { messageDigest, pruneMessageReceipts } from './message-receipts';
import { type TelemetryWrite, TelemetryWriter, WriterOverloadedError } from './telemetry-writer';

describe('telemetry writer (readings, redelivery, events, back-pressure)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  /** A writer that only flushes when told to. */
  const manualWriter = (maxPendingPoints?: number) =>
    new TelemetryWriter(database.db, { flushMs: 3_600_000, maxPendingPoints });

  async function messageOf(seed: number, options: { redelivered?: boolean; at?: Date } = {}) {
    const { device, identity } = await provisionDevice(database.db);
    // One text for every call: the tree's `time` changes from one second to the next.
    const sent = treeOf(identity, seed);
    return { device, write: (json = sent) => writeOf(device.id, json, options) };
  }

  function writeOf(
    deviceId: number,
    json: string,
    options: { redelivered?: boolean; at?: Date } = {},
  ): TelemetryWrite {
    const tree = JSON.parse(json) as StateTree;
    const at = options.at ?? new Date();
    return {
      deviceId,
      at,
      digest: messageDigest(json),
      redelivered: options.redelivered,
      state: { deviceId, tree, receivedAt: at, deviceTime: null },
      readings: readingsOf(tree),
    };
  }

  it('stores every reading under its sensors key, one sensors row per sensor', async () => {
    const { device, identity } = await provisionDevice(database.db);
    const json = treeOf(identity, 2);
    const writer = manualWriter();
    const outcomes = Promise.all([
      writer.write(writeOf(device.id, json)),
      writer.write(writeOf(device.id, treeOf(identity, 3))),
    ]);
    await writer.stop();
    expect(await outcomes).toEqual(['stored', 'stored']);
    const expected = readingsOf(JSON.parse(json) as StateTree);
    const keys = await database.db.select().from(sensors).where(eq(sensors.deviceId, device.id));
    expect(keys.map((row) => row.sensorId).sort()).toEqual(expected.map((r) => r.sensorId).sort());
    expect(await readingsOfDevice(database.db, device.id)).toHaveLength(2 * expected.length);
  });

  it('stores a redelivered copy of a stored message once, and identical bytes sent anew every time', async () => {
    const { device, write } = await messageOf(4);
    const writer = manualWriter();
    const first = writer.write(write());
    await writer.flush();
    const redelivery = writer.write({ ...write(), redelivered: true });
    const sentAgain = writer.write(write());
    await writer.stop();
    expect([await first, await redelivery, await sentAgain]).toEqual(['stored', 'duplicate', 'stored']);
    const perMessage = write().readings?.length ?? 0;
    expect(await readingsOfDevice(database.db, device.id)).toHaveLength(2 * perMessage);
  });

  it('stores a redelivery that arrives in the same batch as its original once', async () => {
    const { device, write } = await messageOf(5);
    const writer = manualWriter();
    const outcomes = Promise.all([writer.write(write()), writer.write({ ...write(), redelivered: true })]);
    await writer.stop();
    expect(await outcomes).toEqual(['stored', 'duplicate']);
    const receipts = await database.db
      .select()
      .from(messageReceipts)
      .where(eq(messageReceipts.deviceId, device.id));
    expect(receipts).toHaveLength(1);
  });

  it('stores a redelivered message that was never stored (its first delivery was lost)', async () => {
    const { device, write } = await messageOf(6);
    const writer = manualWriter();
    const outcome = writer.write({ ...write(), redelivered: true });
    await writer.stop();
    expect(await outcome).toBe('stored');
    expect((await readingsOfDevice(database.db, device.id)).length).toBeGreaterThan(0);
  });

  it('writes device_online when an offline device is heard from, not while it stays online', async () => {
    const { device, write } = await messageOf(7);
    const writer = manualWriter();
    const first = writer.write(write());
    await writer.flush();
    const second = writer.write(write(treeOf({ ...device }, 8)));
    await writer.stop();
    await Promise.all([first, second]);
    const events = await database.db.select().from(deviceEvents).where(eq(deviceEvents.deviceId, device.id));
    expect(events.filter((event) => event.kind === 'device_online')).toHaveLength(1);
    expect((await getDeviceById(database.db, device.id))?.isOnline).toBe(true);
  });

  it('refuses a message at once when the buffer is full, and takes it again after the flush', async () => {
    const { write } = await messageOf(9);
    const points = write().readings?.length ?? 0;
    const writer = manualWriter(points + 1);
    const first = writer.write(write());
    await expect(writer.write(write())).rejects.toBeInstanceOf(WriterOverloadedError);
    await writer.flush();
    const again = writer.write(write());
    await writer.stop();
    expect([await first, await again]).toEqual(['stored', 'stored']);
  });

  it('does not keep the sensors keys of a batch that rolled back', async () => {
    const { device, write } = await messageOf(10);
    const broken = write();
    // smallint overflow: the COPY or INSERT of readings fails after the sensors rows were created.
    broken.readings = broken.readings?.map((reading) => ({ ...reading, status: 70_000 }));
    const writer = manualWriter();
    const failed = writer.write(broken);
    await writer.flush();
    await expect(failed).rejects.toThrow();
    expect(await database.db.select().from(sensors).where(eq(sensors.deviceId, device.id))).toEqual([]);
    const retried = writer.write(write());
    await writer.stop();
    expect(await retried).toBe('stored');
    expect((await readingsOfDevice(database.db, device.id)).length).toBe(broken.readings?.length);
  });

  it('writes the latest tree held back between saves when it stops, skipping deleted devices', async () => {
    const { device, identity } = await provisionDevice(database.db);
    const gone = await messageOf(13);
    const writer = manualWriter();
    const at = new Date();
    const later = new Date(at.getTime() + 1000);
    const first = writer.write(writeOf(device.id, treeOf(identity, 1), { at }));
    const goneFirst = writer.write(gone.write());
    await writer.flush();
    const second = writer.write(writeOf(device.id, treeOf(identity, 2), { at: later }));
    const goneSecond = writer.write(writeOf(gone.device.id, treeOf({ ...gone.device }, 14), { at: later }));
    await writer.flush();
    const saved = async () =>
      (await database.db.select().from(deviceState).where(eq(deviceState.deviceId, device.id)))[0]
        ?.receivedAt;
    expect(await saved()).toEqual(at);
    await database.db.delete(devices).where(eq(devices.id, gone.device.id));
    await writer.stop();
    await Promise.all([first, second, goneFirst, goneSecond]);
    expect(await saved()).toEqual(later);
  });

  it('refuses the messages of a device deleted before the commit', async () => {
    const { device, write } = await messageOf(11);
    const writer = manualWriter();
    const outcome = writer.write(write());
    await database.db.delete(devices).where(eq(devices.id, device.id));
    await writer.stop();
    expect(await outcome).toBe('refused');
  });

  it('prunes message receipts older than six hours', async () => {
    const { device, write } = await messageOf(12, { at: new Date(Date.now() - 7 * 3600_000) });
    const writer = manualWriter();
    const outcome = writer.write(write());
    await writer.stop();
    await outcome;
    expect(await pruneMessageReceipts(database.db)).toBeGreaterThanOrEqual(1);
    expect(
      await database.db.select().from(messageReceipts).where(eq(messageReceipts.deviceId, device.id)),
    ).toEqual([]);
  });

  it('joins the connection of a PostgreSQL transaction for COPY FROM STDIN (PGlite copies from a blob)', async () => {
    const client = await database.db.transaction(async (tx) => pgClientOf(tx));
    expect(client !== undefined).toBe(database.kind === 'postgres');
    expect(pgClientOf(database.db)).toBeUndefined();
  });

  it('writes COPY text with \\N for a missing value', () => {
    const ts = new Date('2026-11-21T10:00:00.250Z');
    expect(
      readingsCopyText([
        { sensorKey: 3, ts, value: null, status: 3, inAlarm: false },
        { sensorKey: 4, ts, value: 1.5e-7, status: 1, inAlarm: true },
      ]),
    ).toBe('3\t2026-11-21T10:00:00.250Z\t\\N\t3\tf\n4\t2026-11-21T10:00:00.250Z\t1.5e-7\t1\tt\n');
  });
});
