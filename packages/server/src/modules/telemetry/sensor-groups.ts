import type {
  DeviceSensorGroup,
  DeviceSensorGroups,
  DeviceSensorNetwork,
  Group,
  StateTree,
} from '@vigil/contracts';
import { fullSensorId } from '@vigil/contracts';

/**
 * devices/{id}/sensors/ (wire-formats.md 'Sensor ids'): the tree's groups with their sensors, every `Id` as the
 * tree gives it (numbers stay numbers: the earlier client's warning editor sends `+sensor.id`), plus each
 * sensor's full dotted id as `full_id` for Vigil's own screens. Nested groups (F500 network → node) become their
 * own entries named 'Network 1 / Node 3'; top-level sensors, when there are any, come first as a group with the
 * tree's Id and Name. For F500-UDF the top-level groups hold the groups under them (sensorNetworksOf).
 */

type Path = Array<string | number>;

function groupOf(
  deviceId: string,
  id: string | number,
  name: string,
  path: Path,
  sensors: StateTree['sensors'],
) {
  return {
    id,
    name,
    sensors: sensors.map((sensor) => ({
      id: sensor.Id,
      name: sensor.Name,
      full_id: fullSensorId(deviceId, path, sensor.Id),
    })),
  };
}

/** The groups holding sensors at and under `groups`, names joined from `names` on. */
function collectGroups(deviceId: string, groups: Group[], path: Path, names: string[]): DeviceSensorGroup[] {
  return groups.flatMap((group) => {
    const groupPath = [...path, group.Id];
    const groupNames = [...names, group.Name];
    const own =
      group.sensors.length > 0
        ? [groupOf(deviceId, group.Id, groupNames.join(' / '), groupPath, group.sensors)]
        : [];
    return [...own, ...collectGroups(deviceId, group.groups ?? [], groupPath, groupNames)];
  });
}

function treeSensorsGroup(tree: StateTree): DeviceSensorGroup[] {
  return tree.sensors.length > 0 ? [groupOf(tree.device.deviceId, tree.Id, tree.Name, [], tree.sensors)] : [];
}

/** The flat list: every group that holds sensors. */
export function sensorGroupsOf(tree: StateTree): DeviceSensorGroup[] {
  return [...treeSensorsGroup(tree), ...collectGroups(tree.device.deviceId, tree.groups, [], [])];
}

/** F500-UDF: one item per top-level group (a network, or the system group) with the groups at and under it. */
export function sensorNetworksOf(tree: StateTree): DeviceSensorNetwork[] {
  const deviceId = tree.device.deviceId;
  const top = treeSensorsGroup(tree).map((group) => ({ name: tree.Name, groups: [group] }));
  const networks = tree.groups.map((network) => ({
    name: network.Name,
    groups: [
      ...(network.sensors.length > 0
        ? [groupOf(deviceId, network.Id, network.Name, [network.Id], network.sensors)]
        : []),
      ...collectGroups(deviceId, network.groups ?? [], [network.Id], []),
    ],
  }));
  return [...top, ...networks.filter((network) => network.groups.length > 0)];
}

/** The answer for a device of `deviceType`. */
export function deviceSensorGroupsOf(tree: StateTree, deviceType: string): DeviceSensorGroups {
  return deviceType.toUpperCase() === 'F500-UDF' ? sensorNetworksOf(tree) : sensorGroupsOf(tree);
}
