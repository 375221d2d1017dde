import { fullSensorId, type Group, listSensors, type Sensor, type StateTree } from '@vigil/contracts';

/** A sensor of a tree as maintenance needs it: canonical full id, leaf Id, and the name of its group. */
export type MaintenanceSensor = { fullId: string; leafId: string; sensor: Sensor; groupName: string };

/**
 * Finds the sensor a client names by its dotted id in the device's tree. The canonical id starts with the
 * tree's `device.deviceId` (as graphs and events use it); wire-formats.md also calls it 'tree Id, group Id(s),
 * sensor Id', so an id starting with the tree's `Id` is accepted too.
 */
export function findMaintenanceSensor(tree: StateTree, sensorId: string): MaintenanceSensor | undefined {
  const treeId = String(tree.Id);
  for (const entry of listSensors(tree)) {
    const byTreeId = fullSensorId(treeId, entry.groupPath, entry.sensor.Id);
    if (entry.fullId === sensorId || byTreeId === sensorId) {
      return {
        fullId: entry.fullId,
        leafId: String(entry.sensor.Id),
        sensor: entry.sensor,
        groupName: groupNameOf(tree, entry.groupPath),
      };
    }
  }
  return undefined;
}

/** The sensor's group as devices/{id}/sensors/ names it: 'Network 1 / Node 3'; the tree's Name at the top. */
export function groupNameOf(tree: StateTree, path: ReadonlyArray<string | number>): string {
  if (path.length === 0) {
    return tree.Name;
  }
  const names: string[] = [];
  let groups: Group[] = tree.groups;
  for (const id of path) {
    const group = groups.find((candidate) => candidate.Id === id);
    if (group === undefined) {
      break;
    }
    names.push(group.Name);
    groups = group.groups ?? [];
  }
  return names.join(' / ');
}

/** The leaf Id (last dotted segment) of a full sensor id. */
export function leafIdOf(sensorId: string): string {
  return sensorId.slice(sensorId.lastIndexOf('.') + 1);
}
