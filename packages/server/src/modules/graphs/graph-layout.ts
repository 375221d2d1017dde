import {
  displayGroupName,
  displaySensor,
  fullSensorId,
  type Group,
  type Sensor,
  type SensorDisplaySettings,
  type SensorStatus,
  type SensorType,
  type StateTree,
} from '@vigil/contracts';
import type { Database } from '../../db/database';
import type { DeviceRow } from '../../db/tables/devices.table';
import { loadDisplaySettings } from '../sensor-settings/device-settings';
import { type OrderableGraph, orderGraphs, rankGraph } from './graph-order';
import { findSensorKeysOfDevice } from './graphs.repo';

/**
 * The graphs of a device (docs/graphs.md 'Layout'): one graph per sensor group of the latest tree (its dotted
 * path is the key), one series per sensor, in M section 9 order, with the Step 4 names, types and k/c scaling.
 * The graph payload and the CSV export both start from here; readings are looked up by `sensorKey`.
 */

/** One series' metadata: everything but its points. */
export type SeriesLayout = {
  /** Full dotted sensor id (the `sensors` dictionary's sensor_id). */
  sensor: string;
  /** 'group:suffix': the group's name and the sensor's custom name (or its own Name). */
  name: string;
  /** The sensor's custom name, or its own Name. */
  sensorName: string;
  sensorType: SensorType;
  valueLabel: string;
  /** The unit values are shown in (after a set type's unit or the degrees conversion); null for none. */
  unit: string | null;
  /** Step 4 scaling of NUMERIC sensor types: shown = stored × k + c (1 and 0 when none is set). */
  k: number;
  c: number;
  /** `sensors.id` for readings and roll-ups; null when the sensor never reported a reading. */
  sensorKey: number | null;
  /** The latest tree's Status and Meta.State (a 'Disabled' sensor's trailing gap is labelled from it). */
  latestStatus: SensorStatus;
  latestState: string | null;
  /** Stored value → shown value, exactly as displaySensor shows it (k/c, BOOL 1/0, °F/°C, decimals). */
  scale: (stored: number) => number;
  /** True when `scale` changes nothing (no per-point work). */
  identity: boolean;
};

export type GraphLayout = {
  /** Dotted path of the group: `<deviceId>.<group Id>[.<node Id>]`; top-level sensors: `<deviceId>.sensors`. */
  key: string;
  groupName: string;
  /** Distinct units of the graph's series, joined by ', ' ('' when none). */
  units: string;
  valueLabel: string;
  /** Its place in M section 9 order (graph-order.ts `rankGraph`), to order graphs of several devices together. */
  rank: number;
  series: SeriesLayout[];
};

export type DeviceGraphLayout = {
  /** The tree's device.deviceId (the udf_id): the first segment of every key and sensor id. */
  deviceId: string;
  /** The tree's own Id (maintenance records' sensor ids start with it); null before the first tree. */
  treeId: string | null;
  graphs: GraphLayout[];
};

/** The key of the graph of the device's top-level sensors (M section 9 ranks such paths last). */
export const TOP_LEVEL_SENSORS_SEGMENT = 'sensors';

const FAHRENHEIT = '°F';
const CELSIUS = '°C';

/** What a series' value axis says: its unit for NUMERIC, else what its values stand for. */
export function seriesValueLabel(type: SensorType, unit: string | null): string {
  if (type === 'BOOL') {
    return 'Contact';
  }
  if (type === 'ENUM') {
    return 'State';
  }
  return unit ?? 'Value';
}

function roundTo(decimals: number | null | undefined): (value: number) => number {
  const factor = 10 ** Math.min(Math.max(decimals ?? 2, 0), 6);
  return (value) => Math.round(value * factor) / factor;
}

/**
 * The stored → shown conversion of displaySensor (packages/contracts/src/sensor-display.ts) as one function per
 * series, so a graph of 100,000 points does not build a sensor object per point.
 */
export function valueScaler(
  fullId: string,
  sensor: Sensor,
  settings?: SensorDisplaySettings | null,
): { scale: (stored: number) => number; identity: boolean; k: number; c: number } {
  const setting = settings?.types[fullId];
  if (setting?.type === 'BOOL') {
    return { scale: (stored) => (stored !== 0 ? 1 : 0), identity: false, k: 1, c: 0 };
  }
  const numericType = setting?.type === 'NUMERIC';
  const k = numericType ? setting.k : 1;
  const c = numericType ? setting.c : 0;
  const unit = (numericType ? setting.unit : null) ?? sensor.Meta.Units ?? null;
  const wanted = settings?.degrees === 'C' ? CELSIUS : settings?.degrees === 'F' ? FAHRENHEIT : null;
  const convert = wanted !== null && (unit === FAHRENHEIT || unit === CELSIUS) && unit !== wanted;
  const scaled = k !== 1 || c !== 0;
  if (!scaled && !convert) {
    return { scale: (stored) => stored, identity: true, k, c };
  }
  const round = roundTo(sensor.Meta.NumDecimalPoints);
  const degrees = !convert
    ? (value: number) => value
    : wanted === CELSIUS
      ? (value: number) => ((value - 32) * 5) / 9
      : (value: number) => (value * 9) / 5 + 32;
  return { scale: (stored) => round(degrees(stored * k + c)), identity: false, k, c };
}

type GroupEntry = OrderableGraph & { groupName: string; sensors: Array<{ fullId: string; sensor: Sensor }> };

/** Every group of the tree that has sensors, depth-first, top-level sensors first (as `<deviceId>.sensors`). */
function groupEntriesOf(tree: StateTree, settings?: SensorDisplaySettings | null): GroupEntry[] {
  const deviceId = tree.device.deviceId;
  const entries: GroupEntry[] = [];
  if (tree.sensors.length > 0) {
    entries.push({
      key: `${deviceId}.${TOP_LEVEL_SENSORS_SEGMENT}`,
      groups: [],
      groupName: tree.Name,
      sensors: tree.sensors.map((sensor) => ({ fullId: fullSensorId(deviceId, [], sensor.Id), sensor })),
    });
  }
  const visit = (groups: Group[], path: Array<string | number>, chain: Group[]): void => {
    for (const group of groups) {
      const groupPath = [...path, group.Id];
      const groupChain = [...chain, group];
      if (group.sensors.length > 0) {
        entries.push({
          key: [deviceId, ...groupPath].join('.'),
          groups: groupChain,
          groupName: displayGroupName(group, path.length === 0, settings),
          sensors: group.sensors.map((sensor) => ({
            fullId: fullSensorId(deviceId, groupPath, sensor.Id),
            sensor,
          })),
        });
      }
      visit(group.groups ?? [], groupPath, groupChain);
    }
  };
  visit(tree.groups, [], []);
  return entries;
}

function seriesLayoutOf(
  groupName: string,
  fullId: string,
  sensor: Sensor,
  settings: SensorDisplaySettings | null | undefined,
  sensorKeys: ReadonlyMap<string, number>,
): SeriesLayout {
  const display = displaySensor(fullId, sensor, settings);
  const unit = display.type === 'BOOL' ? null : display.unit;
  return {
    sensor: fullId,
    name: `${groupName}:${display.name}`,
    sensorName: display.name,
    sensorType: display.type,
    valueLabel: seriesValueLabel(display.type, unit),
    unit,
    sensorKey: sensorKeys.get(fullId) ?? null,
    latestStatus: sensor.Status,
    latestState: sensor.Meta.State ?? null,
    ...valueScaler(fullId, sensor, settings),
  };
}

/** A graph of these series: its units are theirs (distinct, joined by ', '), and its value axis says them. */
function graphLayoutOf(key: string, groupName: string, rank: number, series: SeriesLayout[]): GraphLayout {
  const units = [...new Set(series.flatMap((item) => (item.unit === null ? [] : [item.unit])))].join(', ');
  return {
    key,
    groupName,
    units,
    valueLabel: units === '' ? groupName : `${groupName} (${units})`,
    rank,
    series,
  };
}

/**
 * Pure: the layout with only the series of `sensorIds` (full ids), each graph's units those of the series it
 * keeps; graphs left without a series are left out. The order stays.
 */
export function layoutOfSensors(
  layout: DeviceGraphLayout,
  sensorIds: ReadonlySet<string>,
): DeviceGraphLayout {
  const graphs = layout.graphs.flatMap((graph) => {
    const series = graph.series.filter((item) => sensorIds.has(item.sensor));
    return series.length === 0 ? [] : [graphLayoutOf(graph.key, graph.groupName, graph.rank, series)];
  });
  return { ...layout, graphs };
}

/** Pure: the ordered graphs of a tree under the device's display settings and its sensors dictionary keys. */
export function buildGraphLayout(
  tree: StateTree,
  settings: SensorDisplaySettings | null | undefined,
  sensorKeys: ReadonlyMap<string, number>,
): DeviceGraphLayout {
  // One graph per key: a group whose Id is 'sensors' beside top-level sensors (or siblings sharing an Id)
  // share their series rather than one hiding the other in the payload's object.
  const byKey = new Map<string, { groupName: string; rank: number; series: SeriesLayout[] }>();
  for (const entry of orderGraphs(groupEntriesOf(tree, settings))) {
    const series = entry.sensors.map(({ fullId, sensor }) =>
      seriesLayoutOf(entry.groupName, fullId, sensor, settings, sensorKeys),
    );
    const known = byKey.get(entry.key);
    if (known === undefined) {
      byKey.set(entry.key, { groupName: entry.groupName, rank: rankGraph(entry), series });
    } else {
      known.series.push(...series);
    }
  }
  const graphs = [...byKey].map(([key, { groupName, rank, series }]) =>
    graphLayoutOf(key, groupName, rank, series),
  );
  return { deviceId: tree.device.deviceId, treeId: String(tree.Id), graphs };
}

/**
 * The ordered graphs of a device from its latest tree (ingest/latest-tree.ts `latestTreeReader`), its display
 * settings and its sensors dictionary keys; no graphs before its first tree.
 */
export async function loadGraphLayout(
  db: Database,
  device: DeviceRow,
  latestTree: (device: DeviceRow) => Promise<StateTree | undefined>,
): Promise<DeviceGraphLayout> {
  const [tree, settings, sensorKeys] = await Promise.all([
    latestTree(device),
    loadDisplaySettings(db, device),
    findSensorKeysOfDevice(db, device.id),
  ]);
  if (tree === undefined) {
    return { deviceId: device.udfId, treeId: null, graphs: [] };
  }
  return buildGraphLayout(tree, settings, sensorKeys);
}

/** Every series of the layout, in graph order; the sensors dictionary keys of those that have readings. */
export function layoutSeries(layout: DeviceGraphLayout): SeriesLayout[] {
  return layout.graphs.flatMap((graph) => graph.series);
}

export function layoutSensorKeys(layout: DeviceGraphLayout): number[] {
  return layoutSeries(layout).flatMap((series) => (series.sensorKey === null ? [] : [series.sensorKey]));
}
