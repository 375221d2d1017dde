import { and, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sensors } from '../../db/tables/sensors.table';

/** How many sensors rows a device has, and the keys of those of `sensorIds` that exist. */
export async function findDeviceSensors(
  db: Database,
  deviceId: number,
  sensorIds: readonly string[],
): Promise<{ total: number; found: Map<string, number> }> {
  const [counted] = await db.select({ total: count() }).from(sensors).where(eq(sensors.deviceId, deviceId));
  const rows =
    sensorIds.length === 0
      ? []
      : await db
          .select({ id: sensors.id, sensorId: sensors.sensorId })
          .from(sensors)
          .where(and(eq(sensors.deviceId, deviceId), inArray(sensors.sensorId, [...sensorIds])));
  return { total: counted?.total ?? 0, found: new Map(rows.map((row) => [row.sensorId, row.id])) };
}
