import {
  SENSOR_SETTINGS_MESSAGES as MESSAGES,
  SENSOR_TYPES_DEVICE_TYPES,
  type SensorTypes,
  type SensorTypesSave,
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
import type { SensorTypeValue } from './sensor-settings.repo';
import * as sensorSettingsRepo from './sensor-settings.repo';
import { indexSensors, settingsGroupsOf } from './sensor-tree';
import { applyWithAudit } from './settings-audit';

function assertTypedDevice(device: DeviceRow): void {
  if (!(SENSOR_TYPES_DEVICE_TYPES as readonly string[]).includes(device.deviceType)) {
    throw AppError.validation({ non_field_errors: [MESSAGES.typesNotSupported] });
  }
}

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { sensorSettings: sensorSettingsRepo };
export type SensorTypesRepositories = typeof REPOSITORIES;
export type SensorTypesDeps = SensorSettingsDeps & { repos?: SensorTypesRepositories };

/** Sensor types of ETH-NODE units, 0005 and 0006 (M sections 2, 3 and 7; docs/sensor-settings.md). */
export class SensorTypesService {
  private readonly repos: SensorTypesRepositories;

  constructor(private readonly deps: SensorTypesDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** GET settings/sensor-types: groups of the tree's BOOL and NUMERIC sensors with their type, unit, k and c. */
  async getTypes(user: UserRow, deviceId: number): Promise<SensorTypes> {
    const device = await readableDevice(this.deps.db, user, deviceId);
    assertTypedDevice(device);
    return this.typesOf(device);
  }

  /** POST settings/sensor-types: only the sensors sent change; ENUM sensors cannot be typed. */
  async saveTypes(user: UserRow, deviceId: number, body: SensorTypesSave): Promise<SensorTypes> {
    const { db } = this.deps;
    const device = await editableDevice(db, user, deviceId, body.device_id);
    assertTypedDevice(device);
    const tree = await requireTree(this.deps, device, 'sensor_types');
    const index = indexSensors(tree, settingsGroupsOf(tree), MESSAGES);
    const rows: Array<{ sensorId: string; value: SensorTypeValue }> = [];
    const errors: string[] = [];
    for (const [sentId, input] of Object.entries(body.sensor_types)) {
      const resolved = index.resolve(sentId);
      if (!resolved.ok) {
        errors.push(resolved.message);
        continue;
      }
      if (index.byFullId.get(resolved.fullId)?.sensor.Type === 'ENUM') {
        errors.push(MESSAGES.notConfigurable(sentId));
        continue;
      }
      // A Digital input has no unit nor scale: the stored row says so rather than keeping stale numbers.
      const value: SensorTypeValue =
        input.type === 'BOOL'
          ? { type: 'BOOL', unitId: null, k: 1, c: 0 }
          : { type: 'NUMERIC', unitId: input.unit, k: input.k, c: input.c };
      rows.push({ sensorId: resolved.fullId, value });
    }
    if (errors.length > 0) {
      throw AppError.validation({ sensor_types: errors });
    }
    const audited = rows.map(({ sensorId, value }) => ({
      sensorId,
      value: { type: value.type, unit_id: value.unitId, k: value.k, c: value.c },
    }));
    await applyWithAudit(this.deps, user, device, 'sensor-type.changed', audited, (tx) =>
      this.repos.sensorSettings.upsertSensorTypes(tx, device.id, rows),
    );
    return this.typesOf(device);
  }

  private async typesOf(device: DeviceRow): Promise<SensorTypes> {
    const [tree, settings] = await Promise.all([
      this.deps.latestTree(device),
      loadDisplaySettings(this.deps.db, device),
    ]);
    const groups = tree === undefined ? [] : settingsGroupsOf(tree, settings);
    const sensor_types = groups.flatMap((group) => {
      const sensors = group.sensors.flatMap(({ fullId, sensor }) => {
        const set = settings.types[fullId];
        const type = set?.type ?? (sensor.Type === 'ENUM' ? undefined : sensor.Type);
        if (type === undefined) {
          return [];
        }
        return [
          {
            id: fullId,
            label: settings.names[fullId] ?? sensor.Name,
            type,
            unit: set?.unit_id ?? null,
            k_value: set?.k ?? 1,
            c_value: set?.c ?? 0,
          },
        ];
      });
      return sensors.length === 0 ? [] : [{ id: group.id, name: group.name, sensors }];
    });
    return { sensor_types };
  }
}
