import {
  NETWORK_NUMBERS,
  SENSOR_IMAGE_TYPES,
  SENSOR_SETTINGS_MESSAGES,
  SENSOR_TYPES_DEVICE_TYPES,
  type SensorDisplaySettings,
  type StateTree,
  sensorImageUrl,
  unitNameOf,
} from '@vigil/contracts';
import { assertCanEditSite, getSiteAccess } from '../../access/access';
import type { Database } from '../../db/database';
import type { DeviceRow } from '../../db/tables/devices.table';
import type { UserRow } from '../../db/tables/users.table';
import { AppError, notFound } from '../../errors';
import type { DomainEventPublisher } from '../../events/domain-events';
import { getDeviceById } from '../devices/devices.repo';
import {
  findSensorImages,
  findSensorNames,
  findSensorProfile,
  findSensorTypes,
} from './sensor-settings.repo';

export type SensorSettingsDeps = {
  db: Database;
  /** The device's newest tree: this instance's memory or device_state, whichever is newer. */
  latestTree(device: DeviceRow): Promise<StateTree | undefined>;
  /** The audit trail hears each save that changes something (settings-audit.ts). */
  events: DomainEventPublisher;
  now?: () => Date;
};

/** The device, when the user may see its site (M section 6: reading settings); 404 otherwise. */
export async function readableDevice(db: Database, user: UserRow, deviceId: number): Promise<DeviceRow> {
  const device = await getDeviceById(db, deviceId);
  if (device === undefined) {
    throw notFound();
  }
  await getSiteAccess(db, user, device.locationId);
  return device;
}

/** The device, when the user may edit its site (404 when unseen, 403 when read-only); checks a sent device_id. */
export async function editableDevice(
  db: Database,
  user: UserRow,
  deviceId: number,
  sentDeviceId?: number,
): Promise<DeviceRow> {
  const device = await getDeviceById(db, deviceId);
  if (device === undefined) {
    throw notFound();
  }
  await assertCanEditSite(db, user, device.locationId);
  if (sentDeviceId !== undefined && sentDeviceId !== device.id) {
    throw AppError.validation({ device_id: [SENSOR_SETTINGS_MESSAGES.deviceMismatch] });
  }
  return device;
}

/** The device's latest tree, or a 400 on `field` when it has not reported one yet. */
export async function requireTree(
  deps: SensorSettingsDeps,
  device: DeviceRow,
  field: string,
): Promise<StateTree> {
  const tree = await deps.latestTree(device);
  if (tree === undefined) {
    throw AppError.validation({ [field]: [SENSOR_SETTINGS_MESSAGES.noState] });
  }
  return tree;
}

/** Only the four network numbers, and only non-blank names. */
function cleanNetworks(networks: Record<string, string> | null | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const number of NETWORK_NUMBERS) {
    const name = networks?.[number];
    if (name !== undefined && name !== '') {
      result[number] = name;
    }
  }
  return result;
}

/** Every display setting of the device (GET settings/display/ and the settings screens). */
export async function loadDisplaySettings(db: Database, device: DeviceRow): Promise<SensorDisplaySettings> {
  const [profile, names, types, images] = await Promise.all([
    findSensorProfile(db, device.id),
    findSensorNames(db, device.id),
    findSensorTypes(db, device.id),
    findSensorImages(db, device.id),
  ]);
  const isUdf = device.deviceType === 'F500-UDF';
  const settings: SensorDisplaySettings = {
    device_type: device.deviceType,
    degrees: isUdf ? (profile?.degrees ?? null) : null,
    networks: isUdf ? cleanNetworks(profile?.networks) : {},
    names: Object.fromEntries(names.map((row) => [row.sensorId, row.name])),
    types: {},
    images: {},
  };
  // Types exist for ETH-NODE units only; rows left from an earlier device type are not shown.
  const hasTypes = (SENSOR_TYPES_DEVICE_TYPES as readonly string[]).includes(device.deviceType);
  for (const row of hasTypes ? types : []) {
    settings.types[row.sensorId] = {
      type: row.type,
      unit_id: row.unitId,
      unit: unitNameOf(row.unitId),
      k: row.k,
      c: row.c,
    };
  }
  for (const row of images) {
    const imageType = SENSOR_IMAGE_TYPES.find((type) => type.id === row.imageType);
    if (imageType !== undefined) {
      settings.images[row.sensorId] = { image_type: imageType.id, url: sensorImageUrl(imageType.file) };
    }
  }
  return settings;
}

/** GET settings/display/: every display setting of a device the user may see, in one answer. */
export async function getDisplaySettings(
  db: Database,
  user: UserRow,
  deviceId: number,
): Promise<SensorDisplaySettings> {
  return loadDisplaySettings(db, await readableDevice(db, user, deviceId));
}
