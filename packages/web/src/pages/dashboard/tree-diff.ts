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

/**
 * What one tree changed against the previous one: the readings and group metas that differ, the layout when
 * its shape changed (null otherwise), and, with a new layout, the keys that are gone. Plain data, so it
 * crosses from the feed's worker to the page as a structured clone; the common change, a new number and
 * nothing else, travels as two typed arrays the worker hands over without a copy (docs/performance.md).
 */
export type TreeChanges = {
  /** Readings whose only change is a new number: their positions in the tree's `sensorIds`. */
  valueIndexes: Uint32Array;
  /** The new numbers, one per entry of `valueIndexes`. */
  values: Float64Array;
  /** Readings that are new or changed in more than their number, with the fields a card shows. */
  sensors: Array<[fullId: string, reading: Sensor]>;
  metas: Array<[groupKey: string, meta: GroupMeta | null]>;
  layout: DashboardLayout | null;
  /** With a new layout: every sensor's full id in tree order, what `valueIndexes` point into. */
  sensorIds: string[] | null;
  removedSensors: string[];
  removedMetas: string[];
};

/** The reading fields a card shows but the value: a sensor whose fields are all equal is not sent again. */
function isSameBesidesValue(a: Sensor, b: Sensor): boolean {
  return (
    a.Status === b.Status &&
    a.Alarm === b.Alarm &&
    a.Name === b.Name &&
    a.Type === b.Type &&
    a.Meta?.State === b.Meta?.State &&
    a.Meta?.Units === b.Meta?.Units &&
    a.Meta?.NumDecimalPoints === b.Meta?.NumDecimalPoints
  );
}

/**
 * The fields of a reading the page shows, copied: a worker's message then carries a few fields per changed
 * sensor instead of the whole sensor (alarm limits and the rest stay in the worker).
 */
function shownReading(sensor: Sensor): Sensor {
  const meta = sensor.Meta;
  return {
    Id: sensor.Id,
    Name: sensor.Name,
    Type: sensor.Type,
    Value: sensor.Value,
    Status: sensor.Status,
    Alarm: sensor.Alarm,
    Meta: { State: meta?.State, Units: meta?.Units, NumDecimalPoints: meta?.NumDecimalPoints },
  };
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

const isGroupAlarmed = (group: Group, children: boolean[]): boolean =>
  isAlarmedStatus(group.Status, group.Alarm) ||
  (group.sensors ?? []).some((sensor) => isAlarmedStatus(sensor.Status, sensor.Alarm)) ||
  children.some(Boolean);

/** The layout of a tree, built only when its inputs changed (a reading alone never rebuilds it). */
function buildLayout(tree: StateTree, deviceId: string): DashboardLayout {
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
    deviceType: String(tree.device?.deviceType ?? ''),
    versionInfo: tree.device?.versionInfo ?? null,
    sensors: (tree.sensors ?? []).map((sensor) => buildSensor(sensor, deviceId)),
    groups: sortSensorGroups(tree.groups ?? []).map((group) => buildGroup(group, deviceId)),
  };
}

/**
 * Compares each tree of a feed with the previous one. Runs in the feed's worker (dashboard/feed.worker.ts),
 * so the page's thread never parses or walks a whole tree; the snapshot page runs it inline.
 */
export function createTreeDiffer(): (tree: StateTree) => TreeChanges {
  let sensors = new Map<string, Sensor>();
  let metas = new Map<string, GroupMeta | null>();
  let layoutSignature: unknown[] = [];

  return (tree) => {
    const deviceId = String(tree.device?.deviceId ?? tree.Id);
    const nextSensors = new Map<string, Sensor>();
    const nextMetas = new Map<string, GroupMeta | null>();
    const valueIndexes: number[] = [];
    const values: number[] = [];
    const changes: TreeChanges = {
      valueIndexes: new Uint32Array(0),
      values: new Float64Array(0),
      sensors: [],
      metas: [],
      layout: null,
      sensorIds: null,
      removedSensors: [],
      removedMetas: [],
    };
    // The layout's inputs in tree order, compared item by item with the previous frame's.
    const signature: unknown[] = [
      String(tree.device?.deviceType),
      JSON.stringify(tree.device?.versionInfo ?? null),
    ];

    const scanSensor = (sensor: Sensor, prefix: string): void => {
      const fullId = `${prefix}.${String(sensor.Id)}`;
      const previous = sensors.get(fullId);
      // A full id seen twice in one tree is sent whole: a number's position is that of the id's first place.
      const isSameElse =
        previous !== undefined && !nextSensors.has(fullId) && isSameBesidesValue(previous, sensor);
      if (isSameElse && previous.Value === sensor.Value) {
        nextSensors.set(fullId, previous);
      } else if (isSameElse && typeof previous.Value === 'number' && typeof sensor.Value === 'number') {
        valueIndexes.push(nextSensors.size);
        values.push(sensor.Value);
        nextSensors.set(fullId, { ...previous, Value: sensor.Value });
      } else {
        const reading = shownReading(sensor);
        nextSensors.set(fullId, reading);
        changes.sensors.push([fullId, reading]);
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
        changes.metas.push([key, group.Meta ?? null]);
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

    for (const sensor of tree.sensors ?? []) {
      scanSensor(sensor, deviceId);
    }
    for (const group of tree.groups ?? []) {
      scanGroup(group, deviceId);
    }
    if (!isSameList(signature, layoutSignature)) {
      layoutSignature = signature;
      changes.layout = buildLayout(tree, deviceId);
      changes.sensorIds = [...nextSensors.keys()];
      changes.removedSensors = [...sensors.keys()].filter((key) => !nextSensors.has(key));
      changes.removedMetas = [...metas.keys()].filter((key) => !nextMetas.has(key));
    }
    changes.valueIndexes = Uint32Array.from(valueIndexes);
    changes.values = Float64Array.from(values);
    sensors = nextSensors;
    metas = nextMetas;
    return changes;
  };
}
