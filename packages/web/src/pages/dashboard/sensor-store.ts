import type { GroupMeta, Sensor, StateTree } from '@vigil/contracts';
import { createTreeDiffer, type DashboardLayout, type TreeChanges } from './tree-diff';

export type { DashboardLayout, LayoutGroup, LayoutSensor } from './tree-diff';

type Listener = () => void;

/**
 * The latest readings outside React: per-sensor and per-group subscriptions keyed by full id, so a frame
 * re-renders only the cards whose reading changed, and the layout only when its shape changed. The live
 * feed hands it the changes its worker computed (applyChanges); the snapshot page hands it a whole tree.
 *
 * A new number is kept in a typed array by the sensor's position, and its reading object is built only when
 * somebody reads it (a card on screen): 190-odd new numbers a second would otherwise be as many objects that
 * live a few seconds, long enough to reach V8's old generation, whose major collections then fall into the
 * updates (docs/performance.md 'Live dashboard').
 */
export function createSensorStore() {
  let layout: DashboardLayout | null = null;
  /** The latest reading object of each sensor; its number may be older than `latestValues` says. */
  const sensors = new Map<string, Sensor>();
  const metas = new Map<string, GroupMeta | null>();
  /** The tree's full ids in order, as the latest layout gave them: what a frame's number changes index. */
  let sensorIds: string[] = [];
  /** A full id's first position in `sensorIds`. */
  let positions = new Map<string, number>();
  /** The newest number at each position, where `hasNewValue` is 1: not yet in the reading object. */
  let latestValues = new Float64Array(0);
  let hasNewValue = new Uint8Array(0);
  const listeners = new Map<string, Set<Listener>>();
  const LAYOUT_KEY = '\u0000layout';
  let differ: ((tree: StateTree) => TreeChanges) | null = null;
  /** When the latest tree's changes came (Date.now()): the feed is live while they keep coming. */
  let lastTreeAt: number | null = null;

  /**
   * The listeners of the sensor at each position of `sensorIds` (its first position only): a frame's new
   * numbers reach their cards by position, without a look-up by full id per number.
   */
  let listenersAt: Array<Set<Listener> | undefined> = [];
  /** 1 where `sensorIds` holds a sensor's first position and the store has its reading: a number applies. */
  let isLiveAt = new Uint8Array(0);

  const subscribe = (key: string, listener: Listener) => {
    let set = listeners.get(key);
    if (set === undefined) {
      set = new Set();
      listeners.set(key, set);
      const at = positions.get(key);
      if (at !== undefined) {
        listenersAt[at] = set;
      }
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && listeners.get(key) === set) {
        listeners.delete(key);
        const at = positions.get(key);
        if (at !== undefined && listenersAt[at] === set) {
          listenersAt[at] = undefined;
        }
      }
    };
  };

  const callAll = (set: Set<Listener> | undefined) => {
    if (set !== undefined) {
      for (const listener of [...set]) {
        listener();
      }
    }
  };

  const notify = (key: string) => callAll(listeners.get(key));

  /** The reading of a sensor with its newest number: a new object when the number changed since last read. */
  const getSensor = (fullId: string): Sensor | undefined => {
    const reading = sensors.get(fullId);
    const at = positions.get(fullId);
    if (reading === undefined || at === undefined || hasNewValue[at] !== 1) {
      return reading;
    }
    hasNewValue[at] = 0;
    // A new object: readers compare snapshots by identity.
    const next = { ...reading, Value: latestValues[at] ?? null };
    sensors.set(fullId, next);
    return next;
  };

  /** A new layout moves the positions: the numbers not yet read go into their readings first. */
  const setSensorIds = (ids: string[]) => {
    for (let at = 0; at < hasNewValue.length; at += 1) {
      const fullId = sensorIds[at];
      if (hasNewValue[at] === 1 && fullId !== undefined) {
        getSensor(fullId);
      }
    }
    sensorIds = ids;
    positions = new Map();
    ids.forEach((fullId, at) => {
      if (!positions.has(fullId)) {
        positions.set(fullId, at);
      }
    });
    latestValues = new Float64Array(ids.length);
    hasNewValue = new Uint8Array(ids.length);
    isLiveAt = new Uint8Array(ids.length);
    listenersAt = new Array(ids.length);
    for (const [fullId, at] of positions) {
      listenersAt[at] = listeners.get(fullId);
    }
  };

  /** Marks whether a number at the sensor's position applies: it has a reading here. */
  const setLive = (fullId: string, isLive: boolean) => {
    const at = positions.get(fullId);
    if (at !== undefined) {
      isLiveAt[at] = isLive ? 1 : 0;
    }
  };

  /** Applies one frame's changes; answers the keys whose subscribers were told (for tests and measurements). */
  const applyChanges = (changes: TreeChanges): string[] => {
    const told: string[] = [];
    lastTreeAt = Date.now();
    for (const key of changes.removedSensors) {
      sensors.delete(key);
    }
    for (const key of changes.removedMetas) {
      metas.delete(key);
    }
    if (changes.sensorIds !== null) {
      setSensorIds(changes.sensorIds);
      for (const fullId of positions.keys()) {
        setLive(fullId, sensors.has(fullId));
      }
    } else {
      for (const key of changes.removedSensors) {
        setLive(key, false);
      }
    }
    for (const [fullId, reading] of changes.sensors) {
      sensors.set(fullId, reading);
      const at = positions.get(fullId);
      if (at !== undefined) {
        hasNewValue[at] = 0;
        isLiveAt[at] = 1;
      }
    }
    // The common change, numbers only: by position, with no look-up by full id (1,000 sensors: ~400 a frame).
    const { valueIndexes, values } = changes;
    const count = valueIndexes.length;
    for (let at = 0; at < count; at += 1) {
      const position = valueIndexes[at] as number;
      if (isLiveAt[position] === 1) {
        latestValues[position] = values[at] ?? Number.NaN;
        hasNewValue[position] = 1;
        told.push(sensorIds[position] as string);
      }
    }
    for (const [key, meta] of changes.metas) {
      metas.set(key, meta);
    }
    for (const [fullId] of changes.sensors) {
      told.push(fullId);
    }
    for (let at = 0; at < count; at += 1) {
      const position = valueIndexes[at] as number;
      if (isLiveAt[position] === 1) {
        callAll(listenersAt[position]);
      }
    }
    for (const [fullId] of changes.sensors) {
      notify(fullId);
    }
    for (const [key] of changes.metas) {
      told.push(`meta:${key}`);
      notify(`meta:${key}`);
    }
    if (changes.layout !== null) {
      layout = changes.layout;
      told.push(LAYOUT_KEY);
      notify(LAYOUT_KEY);
    }
    return told;
  };

  return {
    applyChanges,
    /** A whole tree compared here, on the page's thread: for a snapshot, or where no worker runs. */
    setTree: (tree: StateTree): string[] => {
      differ ??= createTreeDiffer();
      return applyChanges(differ(tree));
    },
    getLayout: () => layout,
    /** When the latest tree's changes were applied (Date.now()), or null before the first. */
    getLastTreeAt: () => lastTreeAt,
    subscribeLayout: (listener: Listener) => subscribe(LAYOUT_KEY, listener),
    getSensor,
    subscribeSensor: (fullId: string, listener: Listener) => subscribe(fullId, listener),
    getGroupMeta: (groupKey: string) => metas.get(groupKey) ?? null,
    subscribeGroupMeta: (groupKey: string, listener: Listener) => subscribe(`meta:${groupKey}`, listener),
    /** The key applyChanges answers when the layout changed. */
    layoutKey: LAYOUT_KEY,
  };
}

export type SensorStore = ReturnType<typeof createSensorStore>;
