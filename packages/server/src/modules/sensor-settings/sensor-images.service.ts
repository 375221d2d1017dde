import {
  SENSOR_SETTINGS_MESSAGES as MESSAGES,
  SENSOR_IMAGE_TYPES,
  type SensorImages,
  type SensorImagesSave,
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
import type { SettingChange } from './sensor-settings.repo';
import * as sensorSettingsRepo from './sensor-settings.repo';
import { indexSensors, settingsGroupsOf } from './sensor-tree';
import { applyWithAudit } from './settings-audit';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { sensorSettings: sensorSettingsRepo };
export type SensorImagesRepositories = typeof REPOSITORIES;
export type SensorImagesDeps = SensorSettingsDeps & { repos?: SensorImagesRepositories };

/** Sensor images of a device (M sections 2, 3 and 7; docs/sensor-settings.md). */
export class SensorImagesService {
  private readonly repos: SensorImagesRepositories;

  constructor(private readonly deps: SensorImagesDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** GET settings/sensor-images/: the tree's groups with the image type chosen for each sensor (null: default). */
  async getImages(user: UserRow, deviceId: number): Promise<SensorImages> {
    const device = await readableDevice(this.deps.db, user, deviceId);
    return this.imagesOf(device);
  }

  /** POST settings/sensor-images/: only the sensors sent change; null is 'Default image'. */
  async saveImages(user: UserRow, deviceId: number, body: SensorImagesSave): Promise<SensorImages> {
    const { db } = this.deps;
    const device = await editableDevice(db, user, deviceId, body.device_id);
    const tree = await requireTree(this.deps, device, 'sensor_image_types');
    const index = indexSensors(tree, settingsGroupsOf(tree), MESSAGES);
    const changes: SettingChange<string>[] = [];
    const errors: string[] = [];
    for (const [sentId, imageType] of Object.entries(body.sensor_image_types)) {
      const resolved = index.resolve(sentId);
      if (!resolved.ok) {
        errors.push(resolved.message);
      } else if (imageType !== null && !SENSOR_IMAGE_TYPES.some((type) => type.id === imageType)) {
        errors.push(MESSAGES.unknownImageType);
      } else {
        changes.push({ sensorId: resolved.fullId, value: imageType });
      }
    }
    if (errors.length > 0) {
      throw AppError.validation({ sensor_image_types: errors });
    }
    await applyWithAudit(this.deps, user, device, 'sensor-image.changed', changes, (tx) =>
      this.repos.sensorSettings.applySensorImages(tx, device.id, changes),
    );
    return this.imagesOf(device);
  }

  private async imagesOf(device: DeviceRow): Promise<SensorImages> {
    const [tree, settings] = await Promise.all([
      this.deps.latestTree(device),
      loadDisplaySettings(this.deps.db, device),
    ]);
    const groups = tree === undefined ? [] : settingsGroupsOf(tree, settings);
    return {
      groups: groups.map((group) => ({
        id: group.id,
        name: group.name,
        sensors: group.sensors.map(({ fullId, sensor }) => ({
          id: fullId,
          label: sensor.Name,
          name: settings.names[fullId] ?? sensor.Name,
          image_type: settings.images[fullId]?.image_type ?? null,
        })),
      })),
    };
  }
}
