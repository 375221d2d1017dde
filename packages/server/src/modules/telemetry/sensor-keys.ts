import type { Database } from '../../db/database';
import { upsertSensors } from './telemetry.repo';

/**
 * The `sensors` dictionary in memory: (device id, full sensor id) → sensors.id. Keys found or created inside a
 * batch's transaction are remembered only after that transaction commits (`remember`), so a rolled-back batch
 * never leaves a key that points at nothing.
 */
export class SensorKeys {
  private readonly known = new Map<number, Map<string, number>>();

  get(deviceId: number, sensorId: string): number | undefined {
    return this.known.get(deviceId)?.get(sensorId);
  }

  /** The known keys of one device's sensors (a batch looks its readings up there), or undefined. */
  ofDevice(deviceId: number): ReadonlyMap<string, number> | undefined {
    return this.known.get(deviceId);
  }

  /** Finds or creates the keys of `wanted` not known yet; returns them without remembering them. */
  async resolveMissing(
    db: Database,
    wanted: ReadonlyArray<{ deviceId: number; sensorId: string }>,
  ): Promise<Map<number, Map<string, number>>> {
    const missing = new Map<string, { deviceId: number; sensorId: string }>();
    for (const pair of wanted) {
      if (this.get(pair.deviceId, pair.sensorId) === undefined) {
        missing.set(`${pair.deviceId}\u0000${pair.sensorId}`, pair);
      }
    }
    const found = new Map<number, Map<string, number>>();
    for (const row of await upsertSensors(db, [...missing.values()])) {
      let ofDevice = found.get(row.deviceId);
      if (ofDevice === undefined) {
        ofDevice = new Map();
        found.set(row.deviceId, ofDevice);
      }
      ofDevice.set(row.sensorId, row.id);
    }
    return found;
  }

  remember(keys: Map<number, Map<string, number>>): void {
    for (const [deviceId, ofDevice] of keys) {
      const known = this.known.get(deviceId);
      if (known === undefined) {
        this.known.set(deviceId, new Map(ofDevice));
      } else {
        for (const [sensorId, key] of ofDevice) {
          known.set(sensorId, key);
        }
      }
    }
  }
}
