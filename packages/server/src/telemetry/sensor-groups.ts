import type { Group, StateTree } from '@vigil/contracts';
import { fullSensorId } from '@vigil/contracts';

export type SensorGroupJson = { id: string; name: string; sensors: Array<{ id: string; name: string }> };

/**
 * devices/{id}/sensors/ (wire-formats.md): the tree's groups with their sensors, flat. Nested groups (F500
 * network → node) become their own entries named 'Network 1 / Node 3' with the dotted group path as id;
 * top-level sensors, when there are any, come first as a group with the device's Id and Name. Sensor ids
 * are the full dotted ids (`deviceId.groupId[.subGroupId].sensorId`), as graphs and settings use them.
 */
export function sensorGroupsOf(tree: StateTree): SensorGroupJson[] {
  const deviceId = tree.device.deviceId;
  const result: SensorGroupJson[] = [];
  const sensorsOf = (path: Array<string | number>, sensors: StateTree['sensors']) =>
    sensors.map((sensor) => ({ id: fullSensorId(deviceId, path, sensor.Id), name: sensor.Name }));
  if (tree.sensors.length > 0) {
    result.push({ id: String(tree.Id), name: tree.Name, sensors: sensorsOf([], tree.sensors) });
  }
  const visit = (groups: Group[], path: Array<string | number>, names: string[]): void => {
    for (const group of groups) {
      const groupPath = [...path, group.Id];
      const groupNames = [...names, group.Name];
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
