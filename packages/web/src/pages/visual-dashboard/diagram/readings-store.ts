import { listSensors, type StateTree } from '@vigil/contracts';
import type { LiveReading, LiveReadings } from './live-readings';

/**
 * The live readings of a diagram's socket, kept outside React (bench:visual, issue 25): a tree updates the readings
 * in place and calls only the subscribers of the sensors it carries, each of which (a machine's picture, a sensor
 * point) works out whether what it shows changed (useReadingsSelector). No map of every reading is copied per tree,
 * and nothing on the page renders because some other sensor changed.
 */
export type ReadingsStore = {
  /** The sensor's reading from its device's newest tree. */
  get(sensorId: string): LiveReading | undefined;
  /** Every reading, updated in place by each tree: read it when notified, never keep it across trees. */
  readonly readings: LiveReadings;
  /** The number of trees applied, so whole-store readers see a new value after every tree. */
  getVersion(): number;
  /** Every sensor of the tree's device replaced by the tree's (a sensor it no longer has goes). */
  applyTree(tree: StateTree): void;
  /** Calls `onChange` once after each tree that carries (or drops) any of the sensors. */
  subscribe(sensorIds: readonly string[], onChange: () => void): () => void;
  /** Calls `onChange` once after every tree. */
  subscribeAll(onChange: () => void): () => void;
};

type Subscriber = { onChange: () => void; notifiedAt: number };

const NO_IDS: readonly string[] = [];

function isSameOrder(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) {
    return false;
  }
  for (let index = 0; index < a.length; index += 1) {
    if (a[index] !== b[index]) {
      return false;
    }
  }
  return true;
}

export function createReadingsStore(): ReadingsStore {
  const readings = new Map<string, LiveReading>();
  // The sensor ids of each device's last tree: what a new tree of that device may have dropped.
  const idsByDevice = new Map<string, readonly string[]>();
  const bySensor = new Map<string, Set<Subscriber>>();
  const everyTree = new Set<Subscriber>();
  let version = 0;

  const notify = (subscribers: Set<Subscriber> | undefined) => {
    if (subscribers === undefined) {
      return;
    }
    for (const subscriber of subscribers) {
      // A machine subscribes to several sensors of one tree: it hears of that tree once.
      if (subscriber.notifiedAt !== version) {
        subscriber.notifiedAt = version;
        subscriber.onChange();
      }
    }
  };

  const removedBy = (previous: readonly string[], ids: readonly string[]): string[] => {
    if (previous.length === 0 || isSameOrder(previous, ids)) {
      return [];
    }
    const kept = new Set(ids);
    return previous.filter((id) => !kept.has(id));
  };

  return {
    get: (sensorId) => readings.get(sensorId),
    readings,
    getVersion: () => version,
    applyTree(tree) {
      const deviceId = tree.device.deviceId;
      const ids: string[] = [];
      for (const entry of listSensors(tree)) {
        readings.set(entry.fullId, { sensor: entry.sensor, deviceId, time: tree.time });
        ids.push(entry.fullId);
      }
      const removed = removedBy(idsByDevice.get(deviceId) ?? NO_IDS, ids);
      for (const id of removed) {
        readings.delete(id);
      }
      idsByDevice.set(deviceId, ids);
      version += 1;
      for (const id of ids) {
        notify(bySensor.get(id));
      }
      for (const id of removed) {
        notify(bySensor.get(id));
      }
      notify(everyTree);
    },
    subscribe(sensorIds, onChange) {
      const subscriber: Subscriber = { onChange, notifiedAt: version };
      for (const id of sensorIds) {
        const set = bySensor.get(id) ?? new Set();
        set.add(subscriber);
        bySensor.set(id, set);
      }
      return () => {
        for (const id of sensorIds) {
          const set = bySensor.get(id);
          set?.delete(subscriber);
          if (set?.size === 0) {
            bySensor.delete(id);
          }
        }
      };
    },
    subscribeAll(onChange) {
      const subscriber: Subscriber = { onChange, notifiedAt: version };
      everyTree.add(subscriber);
      return () => {
        everyTree.delete(subscriber);
      };
    },
  };
}
