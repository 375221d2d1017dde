import { fullSensorId, rankSensorGroup, SENSOR_GROUP_ORDER, type StateTree } from '@vigil/contracts';

const SYSTEM_RANK = SENSOR_GROUP_ORDER.indexOf('System');

/** What the System State panel shows as 'Status' (M section 2), and the full id of its sensor. */
export type Sn2Status = { fullId: string; value: number; state: string | null };

/**
 * The status of the device's sensor network (docs/notifications.md 'SN2 status'): the 'Status' sensor of the
 * top-level System group, an ENUM whose Value numbers its state (Running, Stopped, Fault on F500 units). Undefined
 * when the tree has no such sensor or it carries no number.
 */
export function sn2StatusOf(tree: StateTree): Sn2Status | undefined {
  for (const group of tree.groups ?? []) {
    if (rankSensorGroup(group) !== SYSTEM_RANK) {
      continue;
    }
    const sensor = group.sensors.find((candidate) => candidate.Name.trim().toLowerCase() === 'status');
    if (sensor === undefined || typeof sensor.Value !== 'number' || !Number.isFinite(sensor.Value)) {
      return undefined;
    }
    return {
      fullId: fullSensorId(tree.device.deviceId, [group.Id], sensor.Id),
      value: sensor.Value,
      state: sensor.Meta.State?.trim() || null,
    };
  }
  return undefined;
}
