import {
  displayGroupName,
  fullSensorId,
  type Group,
  type SENSOR_SETTINGS_MESSAGES,
  type Sensor,
  type SensorDisplaySettings,
  type StateTree,
} from '@vigil/contracts';

/** A group of the tree as the settings screens list it: flat, with its sensors and their full ids. */
export type SettingsGroup = {
  /** Dotted group path (devices/{id}/sensors/ gives the same). */
  id: string;
  /** 'Network 1 / Network 1 Node 3' for nested groups; a top-level F500-UDF network takes its custom name. */
  name: string;
  sensors: Array<{ fullId: string; sensor: Sensor }>;
};

/**
 * The tree's groups that have sensors, depth-first (top-level sensors first, under the tree's Id and Name),
 * as sensor-groups.ts orders them for devices/{id}/sensors/.
 */
export function settingsGroupsOf(tree: StateTree, settings?: SensorDisplaySettings | null): SettingsGroup[] {
  const deviceId = tree.device.deviceId;
  const result: SettingsGroup[] = [];
  const sensorsOf = (path: Array<string | number>, sensors: Sensor[]) =>
    sensors.map((sensor) => ({ fullId: fullSensorId(deviceId, path, sensor.Id), sensor }));
  if (tree.sensors.length > 0) {
    result.push({ id: String(tree.Id), name: tree.Name, sensors: sensorsOf([], tree.sensors) });
  }
  const visit = (groups: Group[], path: Array<string | number>, names: string[]): void => {
    for (const group of groups) {
      const groupPath = [...path, group.Id];
      const groupNames = [...names, displayGroupName(group, path.length === 0, settings)];
      if (group.sensors.length > 0) {
        result.push({
          id: groupPath.join('.'),
          name: groupNames.join(' / '),
          sensors: sensorsOf(groupPath, group.sensors),
        });
      }
      visit(group.groups ?? [], groupPath, groupNames);
    }
  };
  visit(tree.groups, [], []);
  return result;
}

export type SensorIndex = {
  /** Every sensor by its canonical full id. */
  byFullId: Map<string, { sensor: Sensor; groupName: string }>;
  /** Resolves an id a client sends to the canonical full id, or a message. */
  resolve(sentId: string): { ok: true; fullId: string } | { ok: false; message: string };
};

type Messages = Pick<typeof SENSOR_SETTINGS_MESSAGES, 'unknownSensor' | 'ambiguousSensor'>;

/**
 * Sensor ids as clients send them (wire-formats.md 'Compatibility'): the full dotted id under the tree's
 * `device.deviceId` (canonical) or under the tree's `Id`, or the sensor's leaf Id when exactly one sensor has it.
 */
export function indexSensors(
  tree: StateTree,
  groups: readonly SettingsGroup[],
  messages: Messages,
): SensorIndex {
  const byFullId = new Map<string, { sensor: Sensor; groupName: string }>();
  const aliases = new Map<string, string>();
  const byLeaf = new Map<string, string[]>();
  const deviceId = tree.device.deviceId;
  const treeId = String(tree.Id);
  for (const group of groups) {
    for (const { fullId, sensor } of group.sensors) {
      byFullId.set(fullId, { sensor, groupName: group.name });
      aliases.set(treeId + fullId.slice(deviceId.length), fullId);
      const leaf = String(sensor.Id);
      byLeaf.set(leaf, [...(byLeaf.get(leaf) ?? []), fullId]);
    }
  }
  return {
    byFullId,
    resolve(sentId) {
      const id = sentId.trim();
      if (byFullId.has(id)) {
        return { ok: true, fullId: id };
      }
      const alias = aliases.get(id);
      if (alias !== undefined) {
        return { ok: true, fullId: alias };
      }
      const leaves = byLeaf.get(id) ?? [];
      if (leaves.length > 1) {
        return { ok: false, message: messages.ambiguousSensor(id) };
      }
      const [only] = leaves;
      return only === undefined
        ? { ok: false, message: messages.unknownSensor(id) }
        : { ok: true, fullId: only };
    },
  };
}
