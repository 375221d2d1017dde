import {
  type Degrees,
  SENSOR_SETTINGS_MESSAGES as MESSAGES,
  NETWORK_NUMBERS,
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
import { customName, isF500Udf, nameChangesOf, networkLabel, sensorNamesJson } from './sensor-names-rules';
import * as sensorSettingsRepo from './sensor-settings.repo';
import { applyWithAudit } from './settings-audit';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { sensorSettings: sensorSettingsRepo };
export type SensorNamesRepositories = typeof REPOSITORIES;
export type SensorNamesDeps = SensorSettingsDeps & { repos?: SensorNamesRepositories };

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
  private readonly repos: SensorNamesRepositories;

  constructor(private readonly deps: SensorNamesDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

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
    await applyWithAudit(this.deps, user, device, 'sensor-name.changed', changes, async (tx) => {
      await this.repos.sensorSettings.applySensorNames(tx, device.id, changes);
      if (profile !== undefined) {
        await this.repos.sensorSettings.upsertSensorProfile(tx, device.id, profile);
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
