import {
  type Degrees,
  SENSOR_SETTINGS_MESSAGES as MESSAGES,
  NETWORK_NUMBERS,
  networkNumberOf,
  SENSOR_NAME_MAX_LENGTH,
  type SensorDisplaySettings,
  type SensorNames,
  type SensorNamesSave,
  type StateTree,
} from '@vigil/contracts';
import type { DeviceRow } from '../../db/tables/devices.table';
import type { UserRow } from '../../db/tables/users.table';
import { AppError } from '../../errors';
import {
  editableDevice,
  loadDisplaySettings,
  readableDevice,
  requireTree,
  type SensorSettingsDeps,
} from './device-settings';
import { applySensorNames, type SettingChange, upsertSensorProfile } from './sensor-settings.repo';
import { indexSensors, settingsGroupsOf } from './sensor-tree';

const isF500Udf = (device: DeviceRow) => device.deviceType === 'F500-UDF';

/** The label of network `number`: the tree's top-level group of that network, else 'Network N'. */
function networkLabel(tree: StateTree | undefined, number: string): string {
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
const customName = (name: string, label: string): string | null =>
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

type Profile = { degrees: Degrees | null; networks: Record<string, string> };

/** The F500-UDF profile after the POST: degrees required, networks 1-4 merged into the stored names. */
function profileOf(body: SensorNamesSave, tree: StateTree, settings: SensorDisplaySettings): Profile {
  if (body.degrees === undefined || body.degrees === null || body.degrees === '') {
    throw AppError.validation({ degrees: [MESSAGES.degreesRequired] });
  }
  const networks = { ...settings.networks };
  for (const [number, name] of Object.entries(body.networks ?? {})) {
    if (!(NETWORK_NUMBERS as readonly string[]).includes(number)) {
      throw AppError.validation({ networks: [MESSAGES.unknownNetwork] });
    }
    const custom = customName(name, networkLabel(tree, number));
    if (custom === null) {
      delete networks[number];
    } else {
      networks[number] = custom;
    }
  }
  return { degrees: body.degrees, networks };
}

function refuseProfileOutsideUdf(body: SensorNamesSave): void {
  const hasDegrees = body.degrees !== undefined && body.degrees !== null && body.degrees !== '';
  const hasNetworks = Object.values(body.networks ?? {}).some((name) => name !== '');
  if (hasDegrees || hasNetworks) {
    throw AppError.validation({ [hasDegrees ? 'degrees' : 'networks']: [MESSAGES.onlyF500Udf] });
  }
}

/** Sensor names, degrees and networks (M section 7 'settings/sensor-names'; docs/sensor-settings.md). */
export class SensorNamesService {
  constructor(private readonly deps: SensorSettingsDeps) {}

  /** GET: the latest tree's groups with each sensor's label and name; F500-UDF adds degrees and networks. */
  async getNames(user: UserRow, deviceId: number): Promise<SensorNames> {
    const device = await readableDevice(this.deps.db, user, deviceId);
    return this.namesOf(device);
  }

  /** POST: only the sensors sent change; a blank name removes the custom name. Answers the GET shape. */
  async saveNames(user: UserRow, deviceId: number, body: SensorNamesSave): Promise<SensorNames> {
    const { db } = this.deps;
    const device = await editableDevice(db, user, deviceId, body.device_id);
    const tree = await requireTree(this.deps, device, 'sensor_names');
    const settings = await loadDisplaySettings(db, device);
    let profile: Profile | undefined;
    if (isF500Udf(device)) {
      profile = profileOf(body, tree, settings);
    } else {
      refuseProfileOutsideUdf(body);
    }
    const entries = Object.entries(body.sensor_names).map(([sensorId, name]) => ({ sensorId, name }));
    const { changes, errors } = nameChangesOf(tree, entries);
    if (errors.length > 0) {
      throw AppError.validation({ sensor_names: errors });
    }
    await db.transaction(async (tx) => {
      await applySensorNames(tx, device.id, changes);
      if (profile !== undefined) {
        await upsertSensorProfile(tx, device.id, profile);
      }
    });
    return this.namesOf(device);
  }

  async namesOf(device: DeviceRow): Promise<SensorNames> {
    const [tree, settings] = await Promise.all([
      this.deps.latestTree(device),
      loadDisplaySettings(this.deps.db, device),
    ]);
    return sensorNamesJson(device, tree, settings);
  }
}
