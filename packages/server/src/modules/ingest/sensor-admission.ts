import {
  type Group,
  MAX_TREE_SENSORS,
  type Sensor,
  type SensorEntry,
  type StateTree,
} from '@vigil/contracts';
import type { Counter } from 'prom-client';
import type { Database } from '../../db/database';
import type { SensorKeys } from '../telemetry/sensor-keys';
import { findDeviceSensors } from '../telemetry/sensors.repo';

/**
 * Most distinct sensor ids one device may ever have (its sensors rows): every tree the tree bounds accept fits,
 * and the largest device the portal is measured with has 1,000 (bench:dashboard); stock F500-UDF trees have 40.
 */
export const MAX_DEVICE_SENSORS = MAX_TREE_SENSORS;
/**
 * New sensor ids a device may add in an hour after its first tree, or as many as it had when the hour began if
 * that is more (a device may double its layout in an hour): a node added to a running F500 brings a handful, a
 * new network a few dozen; a flood of hundreds of never-seen alarmed ids from a stock device stops here.
 */
export const MAX_NEW_SENSORS_PER_HOUR = 100;
const WINDOW_MS = 60 * 60 * 1000;

/**
 * One device's hour: since when, the sensors it had then (`base`, with its first tree's layout), how many new
 * ids it was charged, which ids it got, whether it was logged.
 */
type Window = { startedAt: number; base: number; charged: number; admitted: Set<string>; isLogged: boolean };

export type SensorAdmissionDeps = {
  db: Database;
  /** The writer's sensors dictionary: the ids each device is known to have. */
  keys: SensorKeys;
  refused: Counter;
  log: { warn(object: object, message: string): void };
  now: () => number;
};

/**
 * Bounds what a device's trees can create (docs/device-protocol.md 'Limits'): at most MAX_DEVICE_SENSORS
 * distinct sensor ids, and after its first tree (its whole layout) at most MAX_NEW_SENSORS_PER_HOUR new ones
 * an hour, or as many as it had when the hour began. A sensor whose new id is beyond them is left out of the tree before anything stores, derives events
 * from or sends it: no sensors row, reading, notification or live card; the device's other sensors work on.
 * Counted per server instance, like the message budget; memory holds one entry per device that brought new ids
 * within the hour (pruned), each at most the ids it was given.
 */
export class SensorAdmission {
  private readonly windows = new Map<number, Window>();

  constructor(private readonly deps: SensorAdmissionDeps) {}

  /**
   * Leaves out of `tree`, in place, the sensors whose new ids are beyond the device's limits. `entries` are the
   * tree's sensors (listSensors); answers those kept.
   */
  async admit(
    deviceId: number,
    udfId: string,
    tree: StateTree,
    entries: SensorEntry[],
  ): Promise<SensorEntry[]> {
    const known = this.deps.keys.ofDevice(deviceId);
    const window = this.windows.get(deviceId);
    const unknown = new Set<string>();
    for (const { fullId } of entries) {
      if (known?.has(fullId) !== true && window?.admitted.has(fullId) !== true) {
        unknown.add(fullId);
      }
    }
    if (unknown.size === 0) {
      return entries;
    }
    // Stored on another instance, or before this one started: known, not new.
    const { total, found } = await findDeviceSensors(this.deps.db, deviceId, [...unknown]);
    if (found.size > 0) {
      this.deps.keys.remember(new Map([[deviceId, found]]));
    }
    const fresh = [...unknown].filter((id) => !found.has(id));
    if (fresh.length === 0) {
      return entries;
    }
    const refused = this.charge(deviceId, total, fresh);
    if (refused.size === 0) {
      return entries;
    }
    const kept = entries.filter((entry) => !refused.has(entry.fullId));
    leaveOut(
      tree,
      new Set(entries.filter((entry) => refused.has(entry.fullId)).map((entry) => entry.sensor)),
    );
    this.deps.refused.inc(entries.length - kept.length);
    this.logOnce(deviceId, udfId, refused.size);
    return kept;
  }

  /** Devices whose hour is remembered (memory stays bounded: tests). */
  get trackedDevices(): number {
    return this.windows.size;
  }

  /** Forgets the hours that are over (called by the ingest's sweep). */
  prune(): void {
    const now = this.deps.now();
    for (const [deviceId, window] of this.windows) {
      if (now - window.startedAt >= WINDOW_MS) {
        this.windows.delete(deviceId);
      }
    }
  }

  /** Gives `fresh` ids, in tree order, what room the limits leave; answers the ids refused. */
  private charge(deviceId: number, total: number, fresh: string[]): Set<string> {
    const now = this.deps.now();
    let window = this.windows.get(deviceId);
    if (window === undefined || now - window.startedAt >= WINDOW_MS) {
      window = { startedAt: now, base: total, charged: 0, admitted: new Set(), isLogged: false };
      this.windows.set(deviceId, window);
    }
    const known = this.deps.keys.ofDevice(deviceId);
    // Given this hour and not committed yet: not in `total`, but theirs.
    let pending = 0;
    for (const id of window.admitted) {
      if (known?.has(id) !== true) {
        pending += 1;
      }
    }
    const isFirstLayout = total === 0 && window.admitted.size === 0;
    const hourly = isFirstLayout
      ? fresh.length
      : Math.max(MAX_NEW_SENSORS_PER_HOUR, window.base) - window.charged;
    const room = Math.max(0, Math.min(MAX_DEVICE_SENSORS - total - pending, hourly));
    const given = fresh.slice(0, room);
    for (const id of given) {
      window.admitted.add(id);
    }
    if (isFirstLayout) {
      window.base += given.length;
    } else {
      window.charged += given.length;
    }
    return new Set(fresh.slice(room));
  }

  private logOnce(deviceId: number, udfId: string, count: number): void {
    const window = this.windows.get(deviceId);
    if (window === undefined || window.isLogged) {
      return;
    }
    window.isLogged = true;
    this.deps.log.warn(
      {
        udfId,
        refusedIds: count,
        maxDeviceSensors: MAX_DEVICE_SENSORS,
        maxNewSensorsPerHour: MAX_NEW_SENSORS_PER_HOUR,
      },
      'new sensor ids beyond the device limits are left out of its trees until the hour is over',
    );
  }
}

/** Removes the given sensor objects from the tree's top level and every group. */
function leaveOut(tree: StateTree, refused: ReadonlySet<Sensor>): void {
  const keep = (sensors: Sensor[]) => sensors.filter((sensor) => !refused.has(sensor));
  tree.sensors = keep(tree.sensors);
  const groups: Group[] = [...tree.groups];
  for (let group = groups.pop(); group !== undefined; group = groups.pop()) {
    group.sensors = keep(group.sensors);
    groups.push(...(group.groups ?? []));
  }
}
