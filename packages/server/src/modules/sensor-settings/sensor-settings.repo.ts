import type { ConfigurableSensorType, Degrees } from '@vigil/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  type DeviceSensorProfileRow,
  deviceSensorProfiles,
  type SensorImageRow,
  type SensorNameRow,
  type SensorTypeRow,
  sensorImages,
  sensorNames,
  sensorTypes,
} from '../../db/tables/sensor-settings.table';

/** A change to one sensor's setting: a value to keep, or null to remove the row. */
export type SettingChange<T> = { sensorId: string; value: T | null };

export async function findSensorProfile(
  db: Database,
  deviceId: number,
): Promise<DeviceSensorProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(deviceSensorProfiles)
    .where(eq(deviceSensorProfiles.deviceId, deviceId));
  return row;
}

export async function upsertSensorProfile(
  db: Database,
  deviceId: number,
  profile: { degrees: Degrees | null; networks: Record<string, string> | null },
): Promise<void> {
  const values = { ...profile, updatedAt: new Date() };
  await db
    .insert(deviceSensorProfiles)
    .values({ deviceId, ...values })
    .onConflictDoUpdate({ target: deviceSensorProfiles.deviceId, set: values });
}

export async function findSensorNames(db: Database, deviceId: number): Promise<SensorNameRow[]> {
  return db.select().from(sensorNames).where(eq(sensorNames.deviceId, deviceId));
}

/** The custom sensor names of these devices (sensor settings), keyed `<deviceId>:<full sensor id>`. */
export async function findSensorNamesOfDevices(
  db: Database,
  deviceIds: readonly number[],
): Promise<Map<string, string>> {
  if (deviceIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ deviceId: sensorNames.deviceId, sensorId: sensorNames.sensorId, name: sensorNames.name })
    .from(sensorNames)
    .where(inArray(sensorNames.deviceId, [...deviceIds]));
  return new Map(rows.map((row) => [`${row.deviceId}:${row.sensorId}`, row.name]));
}

/** The custom F500-UDF network names of these devices ('1'..'4' → name), by device id; blanks left out. */
export async function findNetworkNamesOfDevices(
  db: Database,
  deviceIds: readonly number[],
): Promise<Map<number, Record<string, string>>> {
  if (deviceIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ deviceId: deviceSensorProfiles.deviceId, networks: deviceSensorProfiles.networks })
    .from(deviceSensorProfiles)
    .where(inArray(deviceSensorProfiles.deviceId, [...deviceIds]));
  return new Map(
    rows.map((row) => [
      row.deviceId,
      Object.fromEntries(Object.entries(row.networks ?? {}).filter(([, name]) => name.trim() !== '')),
    ]),
  );
}

export async function findSensorTypes(db: Database, deviceId: number): Promise<SensorTypeRow[]> {
  return db.select().from(sensorTypes).where(eq(sensorTypes.deviceId, deviceId));
}

export async function findSensorImages(db: Database, deviceId: number): Promise<SensorImageRow[]> {
  return db.select().from(sensorImages).where(eq(sensorImages.deviceId, deviceId));
}

/**
 * One change per sensor, the last one winning: a client may name a sensor twice (leaf Id and full id), and one
 * INSERT ... ON CONFLICT DO UPDATE cannot touch the same row twice.
 */
function lastPerSensor<T>(
  changes: readonly { sensorId: string; value: T }[],
): Array<{ sensorId: string; value: T }> {
  return [...new Map(changes.map((change) => [change.sensorId, change])).values()];
}

function removals<T>(changes: readonly SettingChange<T>[]): string[] {
  return lastPerSensor(changes)
    .filter((change) => change.value === null)
    .map((change) => change.sensorId);
}

function keeps<T>(changes: readonly SettingChange<T>[]): Array<{ sensorId: string; value: T }> {
  return lastPerSensor(changes).flatMap((change) =>
    change.value === null ? [] : [{ sensorId: change.sensorId, value: change.value }],
  );
}

/** Sets and removes custom names (call inside a transaction when other changes go with it). */
export async function applySensorNames(
  db: Database,
  deviceId: number,
  changes: readonly SettingChange<string>[],
): Promise<void> {
  const removed = removals(changes);
  if (removed.length > 0) {
    await db
      .delete(sensorNames)
      .where(and(eq(sensorNames.deviceId, deviceId), inArray(sensorNames.sensorId, removed)));
  }
  const kept = keeps(changes);
  if (kept.length > 0) {
    await db
      .insert(sensorNames)
      .values(kept.map(({ sensorId, value }) => ({ deviceId, sensorId, name: value })))
      .onConflictDoUpdate({
        target: [sensorNames.deviceId, sensorNames.sensorId],
        set: { name: sql`excluded.name` },
      });
  }
}

export type SensorTypeValue = { type: ConfigurableSensorType; unitId: number | null; k: number; c: number };

export async function upsertSensorTypes(
  db: Database,
  deviceId: number,
  rows: ReadonlyArray<{ sensorId: string; value: SensorTypeValue }>,
): Promise<void> {
  if (rows.length === 0) {
    return;
  }
  await db
    .insert(sensorTypes)
    .values(lastPerSensor(rows).map(({ sensorId, value }) => ({ deviceId, sensorId, ...value })))
    .onConflictDoUpdate({
      target: [sensorTypes.deviceId, sensorTypes.sensorId],
      set: {
        type: sql`excluded.type`,
        unitId: sql`excluded.unit_id`,
        k: sql`excluded.k`,
        c: sql`excluded.c`,
      },
    });
}

/** Sets and removes chosen images (null: 'Default image'). */
export async function applySensorImages(
  db: Database,
  deviceId: number,
  changes: readonly SettingChange<string>[],
): Promise<void> {
  const removed = removals(changes);
  if (removed.length > 0) {
    await db
      .delete(sensorImages)
      .where(and(eq(sensorImages.deviceId, deviceId), inArray(sensorImages.sensorId, removed)));
  }
  const kept = keeps(changes);
  if (kept.length > 0) {
    await db
      .insert(sensorImages)
      .values(kept.map(({ sensorId, value }) => ({ deviceId, sensorId, imageType: value })))
      .onConflictDoUpdate({
        target: [sensorImages.deviceId, sensorImages.sensorId],
        set: { imageType: sql`excluded.image_type` },
      });
  }
}
