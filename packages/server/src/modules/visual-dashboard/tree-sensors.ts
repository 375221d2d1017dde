import { type Group, isRunningStateSensor, type StateTree } from '@vigil/contracts';

/**
 * A sensor of a tree: its full id, the name the device reports, the name of its outermost group ('' at top), and
 * whether it can be a machine's running-state sensor (contracts' `isRunningStateSensor`, from its type and state).
 */
export type TreeSensor = { fullId: string; reportedName: string; groupName: string; isStateSensor: boolean };

/** Every sensor of a tree in tree order: top-level sensors first, then each group depth-first. */
export function sensorsOfTree(tree: StateTree): TreeSensor[] {
  const deviceId = tree.device.deviceId;
  const found: TreeSensor[] = tree.sensors.map((sensor) => ({
    fullId: `${deviceId}.${sensor.Id}`,
    reportedName: sensor.Name,
    groupName: '',
    isStateSensor: isRunningStateSensor(sensor),
  }));
  const visit = (groups: readonly Group[], prefix: string, top: string | undefined): void => {
    for (const group of groups) {
      const groupPrefix = `${prefix}.${group.Id}`;
      const groupName = top ?? group.Name;
      for (const sensor of group.sensors) {
        found.push({
          fullId: `${groupPrefix}.${sensor.Id}`,
          reportedName: sensor.Name,
          groupName,
          isStateSensor: isRunningStateSensor(sensor),
        });
      }
      if (group.groups != null) {
        visit(group.groups, groupPrefix, groupName);
      }
    }
  };
  visit(tree.groups, deviceId, undefined);
  return found;
}
