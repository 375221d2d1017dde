import {
  SENSOR_SETTINGS_MESSAGES as MESSAGES,
  NETWORK_NUMBERS,
  networkNumberOf,
  SENSOR_NAME_MAX_LENGTH,
  type SensorDisplaySettings,
  type SensorNames,
  type StateTree,
} from '@vigil/contracts';
import type { DeviceRow } from '../../db/tables/devices.table';
import type { SettingChange } from './sensor-settings.repo';
import { indexSensors, settingsGroupsOf } from './sensor-tree';

/** The pure rules of sensor names (no I/O): the GET shape and the changes a POST or a CSV import asks for. */

export const isF500Udf = (device: DeviceRow) => device.deviceType === 'F500-UDF';

/** The label of network `number`: the tree's top-level group of that network, else 'Network N'. */
export function networkLabel(tree: StateTree | undefined, number: string): string {
  const group = tree?.groups.find((candidate) => networkNumberOf(candidate) === number);
  return group?.Name ?? `Network ${number}`;
}

/** GET settings/sensor-names of the device from its tree and settings (wire-formats.md 'Sensor names GET'). */
export function sensorNamesJson(
  device: DeviceRow,
  tree: StateTree | undefined,
  settings: SensorDisplaySettings,
): SensorNames {
  const groups = tree === undefined ? [] : settingsGroupsOf(tree, settings);
  const sensor_names = groups.map((group) => ({
    id: group.id,
    name: group.name,
    sensors: group.sensors.map(({ fullId, sensor }) => ({
      id: fullId,
      label: sensor.Name,
      name: settings.names[fullId] ?? sensor.Name,
    })),
  }));
  if (!isF500Udf(device)) {
    return { sensor_names };
  }
  const networks = NETWORK_NUMBERS.map((number) => {
    const label = networkLabel(tree, number);
    return { label, name: settings.networks[number] ?? label };
  });
  return { degrees: settings.degrees, networks, sensor_names };
}

/** Blank or the sensor's own name: no custom name. */
export const customName = (name: string, label: string): string | null =>
  name === '' || name === label ? null : name;

export type NameChanges = { changes: SettingChange<string>[]; errors: string[] };

/** Resolves each sent id in the tree and turns names into changes; every unknown id is listed. */
export function nameChangesOf(
  tree: StateTree,
  entries: ReadonlyArray<{ sensorId: string; name: string; row?: number }>,
): NameChanges {
  const index = indexSensors(tree, settingsGroupsOf(tree), MESSAGES);
  const changes: SettingChange<string>[] = [];
  const errors: string[] = [];
  const firstRows = new Map<string, number>();
  const check = (sensorId: string, name: string) => {
    const resolved = index.resolve(sensorId);
    if (resolved.ok && name.length > SENSOR_NAME_MAX_LENGTH) {
      return { ok: false as const, message: MESSAGES.nameTooLong };
    }
    return resolved;
  };
  for (const { sensorId, name, row } of entries) {
    const checked = check(sensorId, name);
    if (!checked.ok) {
      errors.push(row === undefined ? checked.message : MESSAGES.rowProblem(row, checked.message));
      continue;
    }
    const first = firstRows.get(checked.fullId);
    if (row !== undefined && first !== undefined) {
      errors.push(MESSAGES.duplicateRow(row, first));
      continue;
    }
    firstRows.set(checked.fullId, row ?? 0);
    const label = index.byFullId.get(checked.fullId)?.sensor.Name ?? '';
    changes.push({ sensorId: checked.fullId, value: customName(name, label) });
  }
  return { changes, errors };
}
