import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

export type OpenSensorEvent = { sensorId: string; kind: 'alarm_on' | 'warning_on' };

/**
 * The device's sensors whose last alarm edge is alarm_on, or whose last warning edge (of the device's own
 * WARNING status, not of a person's warning: those carry `warning_id`) is warning_on.
 */
export async function findOpenSensorEvents(db: Database, deviceId: number): Promise<OpenSensorEvent[]> {
  const result = (await db.execute(sql`
    select sensor_id as "sensorId", kind from (
      select distinct on (sensor_id, kind in ('alarm_on', 'alarm_off')) sensor_id, kind
      from device_events
      where device_id = ${deviceId}
        and sensor_id is not null
        and kind in ('alarm_on', 'alarm_off', 'warning_on', 'warning_off')
        and (detail is null or detail->>'warning_id' is null)
      order by sensor_id, kind in ('alarm_on', 'alarm_off'), ts desc, id desc
    ) last_edges
    where kind in ('alarm_on', 'warning_on')
    order by "sensorId", kind
  `)) as unknown as { rows: OpenSensorEvent[] };
  return result.rows;
}
