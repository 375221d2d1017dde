import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sensors } from '../../telemetry/sensors.table';

/** Graph reads (docs/graphs.md 'Reading'): one query per table for all of a device's sensors. */

/** The device's sensors dictionary: full dotted sensor id → sensors.id (the key of readings and roll-ups). */
export async function findSensorKeysOfDevice(db: Database, deviceId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: sensors.id, sensorId: sensors.sensorId })
    .from(sensors)
    .where(eq(sensors.deviceId, deviceId));
  return new Map(rows.map((row) => [row.sensorId, row.id]));
}
