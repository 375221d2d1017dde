import type { Group, GroupMeta, Sensor, StateTree, VersionInfo } from '@vigil/contracts';
import { sortSensorGroups } from '@vigil/contracts';
import { type HideReason, hideReasonOf, isAlarmedStatus } from './dashboard-rules';

/** A sensor's place in the layout; its changing reading is read per card from the store. */
export type LayoutSensor = { fullId: string; leafId: string; name: string; hideReason: HideReason };

export type LayoutGroup = {
  /** Dotted path `deviceId.groupId[.subGroupId]`, the prefix of its sensors' full ids. */
  key: string;
  id: string;
  name: string;
  isAlarmed: boolean;
  sensors: LayoutSensor[];
  groups: LayoutGroup[];
};

/** What the page draws: changes only when groups, sensors, names, hide states or alarms change. */
export type DashboardLayout = {
  deviceId: string;
  deviceType: string;
  versionInfo: VersionInfo | null;
  sensors: LayoutSensor[];
  groups: LayoutGroup[];
};

type Listener = () => void;

/** The reading fields a card shows: a sensor whose fields are all equal keeps its previous object. */
function isSameReading(a: Sensor, b: Sensor): boolean {
  return (
    a.Value === b.Value &&
    a.Status === b.Status &&
    a.Alarm === b.Alarm &&
    a.Name === b.Name &&
    a.Type === b.Type &&
    a.Meta?.State === b.Meta?.State &&
    a.Meta?.Units === b.Meta?.Units &&
    a.Meta?.NumDecimalPoints === b.Meta?.NumDecimalPoints
  );
}

function isSameList(a: unknown[], b: unknown[]): boolean {
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

function isSameMeta(a: GroupMeta | null | undefined, b: GroupMeta | null | undefined): boolean {
  return a?.Nodes === b?.Nodes && a?.Blocks === b?.Blocks && a?.Activity === b?.Activity;
}

/**
 * The latest state tree outside React: per-sensor and per-group subscriptions keyed by full id, so a
 * frame re-renders only the cards whose reading changed, and the layout only when its shape changed.
 */
export function createSensorStore() {
  let tree: StateTree | null = null;
  let layout: DashboardLayout | null = null;
  let layoutSignature: unknown[] = [];
  let sensors = new Map<string, Sensor>();
  let metas = new Map<string, GroupMeta | null>();
  const listeners = new Map<string, Set<Listener>>();
  const LAYOUT_KEY = '\u0000layout';

  const subscribe = (key: string, listener: Listener) => {
    let set = listeners.get(key);
    if (set === undefined) {
      set = new Set();
      listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) {
        listeners.delete(key);
      }
    };
  };

  const notify = (key: string) => {
    const set = listeners.get(key);
    if (set !== undefined) {
      for (const listener of [...set]) {
        listener();
      }
    }
  };

  const isGroupAlarmed = (group: Group, children: boolean[]): boolean =>
    isAlarmedStatus(group.Status, group.Alarm) ||
    (group.sensors ?? []).some((sensor) => isAlarmedStatus(sensor.Status, sensor.Alarm)) ||
    children.some(Boolean);

  /** The layout of a tree, built only when its inputs changed (a reading alone never rebuilds it). */
  const buildLayout = (next: StateTree, deviceId: string): DashboardLayout => {
    const buildSensor = (sensor: Sensor, prefix: string): LayoutSensor => {
      const leafId = String(sensor.Id);
      return {
        fullId: `${prefix}.${leafId}`,
        leafId,
        name: sensor.Name,
        hideReason: hideReasonOf(sensor.Meta?.State),
      };
    };
    const buildGroup = (group: Group, prefix: string): LayoutGroup => {
      const key = `${prefix}.${String(group.Id)}`;
      const children = sortSensorGroups(group.groups ?? []).map((child) => buildGroup(child, key));
      return {
        key,
        id: String(group.Id),
        name: group.Name,
        isAlarmed: isGroupAlarmed(
          group,
          children.map((child) => child.isAlarmed),
        ),
        sensors: (group.sensors ?? []).map((sensor) => buildSensor(sensor, key)),
        groups: children,
      };
    };
    return {
      deviceId,
      deviceType: String(next.device?.deviceType ?? ''),
      versionInfo: next.device?.versionInfo ?? null,
      sensors: (next.sensors ?? []).map((sensor) => buildSensor(sensor, deviceId)),
      groups: sortSensorGroups(next.groups ?? []).map((group) => buildGroup(group, deviceId)),
    };
  };

  /** Replaces the tree; answers the keys whose subscribers were told (for tests and measurements). */
  const setTree = (next: StateTree): string[] => {
    tree = next;
    const deviceId = String(next.device?.deviceId ?? next.Id);
    const nextSensors = new Map<string, Sensor>();
    const nextMetas = new Map<string, GroupMeta | null>();
    const changed: string[] = [];
    // The layout's inputs in tree order, compared item by item with the previous frame's.
    const signature: unknown[] = [
      String(next.device?.deviceType),
      JSON.stringify(next.device?.versionInfo ?? null),
    ];

    const scanSensor = (sensor: Sensor, prefix: string): void => {
      const fullId = `${prefix}.${String(sensor.Id)}`;
      const previous = sensors.get(fullId);
      if (previous !== undefined && isSameReading(previous, sensor)) {
        nextSensors.set(fullId, previous);
      } else {
        nextSensors.set(fullId, sensor);
        changed.push(fullId);
      }
      signature.push(fullId, sensor.Name, hideReasonOf(sensor.Meta?.State));
    };

    const scanGroup = (group: Group, prefix: string): boolean => {
      const key = `${prefix}.${String(group.Id)}`;
      const previousMeta = metas.get(key);
      if (metas.has(key) && isSameMeta(previousMeta, group.Meta)) {
        nextMetas.set(key, previousMeta ?? null);
      } else {
        nextMetas.set(key, group.Meta ?? null);
        changed.push(`meta:${key}`);
      }
      signature.push('group', key, group.Name);
      for (const sensor of group.sensors ?? []) {
        scanSensor(sensor, key);
      }
      const children = (group.groups ?? []).map((child) => scanGroup(child, key));
      const isAlarmed = isGroupAlarmed(group, children);
      signature.push(isAlarmed, 'end');
      return isAlarmed;
    };

    for (const sensor of next.sensors ?? []) {
      scanSensor(sensor, deviceId);
    }
    for (const group of next.groups ?? []) {
      scanGroup(group, deviceId);
    }
    sensors = nextSensors;
    metas = nextMetas;

    const isLayoutChanged = !isSameList(signature, layoutSignature);
    if (isLayoutChanged) {
      layoutSignature = signature;
      layout = buildLayout(next, deviceId);
    }
    for (const key of changed) {
      notify(key);
    }
    if (isLayoutChanged) {
      changed.push(LAYOUT_KEY);
      notify(LAYOUT_KEY);
    }
    return changed;
  };

  return {
    setTree,
    getTree: () => tree,
    getLayout: () => layout,
    subscribeLayout: (listener: Listener) => subscribe(LAYOUT_KEY, listener),
    getSensor: (fullId: string) => sensors.get(fullId),
    subscribeSensor: (fullId: string, listener: Listener) => subscribe(fullId, listener),
    getGroupMeta: (groupKey: string) => metas.get(groupKey) ?? null,
    subscribeGroupMeta: (groupKey: string, listener: Listener) => subscribe(`meta:${groupKey}`, listener),
    /** The key setTree answers when the layout changed. */
    layoutKey: LAYOUT_KEY,
  };
}

export type SensorStore = ReturnType<typeof createSensorStore>;
