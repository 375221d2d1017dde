import {
  listSensors,
  SENSOR_STATUSES,
  type SensorEntry,
  type SensorStatus,
  type StateTree,
} from '@vigil/contracts';

/** sensor_readings.status codes: the index in SENSOR_STATUSES (OK 0, Alarm 1, WARNING 2, N/A 3, Not Scanned 4). */
export function sensorStatusCode(status: SensorStatus): number {
  return SENSOR_STATUSES.indexOf(status);
}

/** A reading as a number: BOOL true/false → 1/0, null stays null. */
function numericValue(value: number | boolean | null): number | null {
  if (typeof value === 'boolean') {
    return value ? 1 : 0;
  }
  return value;
}

/** One point of a tree, before the writer gives it its sensors key and the message's receive time. */
export type TreeReading = { sensorId: string; value: number | null; status: number; inAlarm: boolean };

/** One sensor_readings point per NUMERIC, BOOL or ENUM sensor of the tree (`entries`: its listSensors, when known). */
export function readingsOf(tree: StateTree, entries: SensorEntry[] = listSensors(tree)): TreeReading[] {
  return entries.map(({ fullId, sensor }) => ({
    sensorId: fullId,
    value: numericValue(sensor.Value),
    status: sensorStatusCode(sensor.Status),
    inAlarm: sensor.Alarm,
  }));
}

/** The device's clock as text (epoch seconds or ISO-8601, as sent). */
export function deviceTimeOf(tree: StateTree): string {
  return String(tree.time);
}

type LastRecord = { minute: number; status: string; alarm: boolean };

/**
 * Decides which trees become state_records: the first tree of each device per clock minute (UTC; every
 * site zone is a whole number of minutes off UTC), and every tree whose top-level Status or Alarm differs
 * from the device's last record. Kept in memory per instance: after a restart the first tree is recorded.
 */
export class RecordPolicy {
  private readonly last = new Map<number, LastRecord>();

  shouldRecord(deviceId: number, tree: StateTree, at: Date): boolean {
    const minute = Math.floor(at.getTime() / 60_000);
    const previous = this.last.get(deviceId);
    const record =
      previous === undefined ||
      previous.minute !== minute ||
      previous.status !== tree.Status ||
      previous.alarm !== tree.Alarm;
    if (record) {
      this.last.set(deviceId, { minute, status: tree.Status, alarm: tree.Alarm });
    }
    return record;
  }

  /** Forgets a device whose batch was refused, so its next tree is considered afresh. */
  forget(deviceId: number): void {
    this.last.delete(deviceId);
  }
}
