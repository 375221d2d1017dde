import { fullSensorId, listSensors, type Sensor, type StateTree, WARNINGS_MESSAGES } from '@vigil/contracts';

/** A sensor of the device's tree as warnings name it: its full dotted id. */
export type WarningSensor = { fullId: string; sensor: Sensor };

export type SensorLookup = { ok: true; found: WarningSensor } | { ok: false; message: string };

/**
 * Finds the sensor a client names (wire-formats.md 'Compatibility'): the full dotted id (under the tree's
 * `device.deviceId`, or under the tree's `Id` as maintenance accepts it), or the sensor's own leaf Id, which the
 * earlier client sends — accepted when exactly one sensor of the tree has it.
 */
export function findWarningSensor(tree: StateTree, sentId: string): SensorLookup {
  const treeId = String(tree.Id);
  const byLeaf: WarningSensor[] = [];
  for (const entry of listSensors(tree)) {
    const found = { fullId: entry.fullId, sensor: entry.sensor };
    if (entry.fullId === sentId || fullSensorId(treeId, entry.groupPath, entry.sensor.Id) === sentId) {
      return { ok: true, found };
    }
    if (String(entry.sensor.Id) === sentId) {
      byLeaf.push(found);
    }
  }
  const [only, ...others] = byLeaf;
  if (only === undefined) {
    return { ok: false, message: WARNINGS_MESSAGES.unknownSensor };
  }
  return others.length === 0
    ? { ok: true, found: only }
    : { ok: false, message: WARNINGS_MESSAGES.ambiguousSensor };
}

/** The tree's sensors by full dotted id (one walk per tree, for every warning of the device). */
export function sensorsById(tree: StateTree): Map<string, Sensor> {
  return new Map(listSensors(tree).map((entry) => [entry.fullId, entry.sensor]));
}
