import {
  type FixNotificationsResult,
  listSensors,
  SENSOR_SETTINGS_MESSAGES as MESSAGES,
  SENSOR_STATE_TEXTS,
  type Sensor,
} from '@vigil/contracts';
import type { NewDeviceEventRow } from '../../db/tables/device-events.table';
import type { UserRow } from '../../db/tables/users.table';
import { AppError, forbidden, notFound } from '../../errors';
import * as devicesRepo from '../devices/devices.repo';
import * as deviceEventsRepo from '../telemetry/device-events.repo';
import type { SensorSettingsDeps } from './device-settings';
import type { OpenSensorEvent } from './fix-notifications.repo';
import * as fixNotificationsRepo from './fix-notifications.repo';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = {
  fixNotifications: fixNotificationsRepo,
  devices: devicesRepo,
  deviceEvents: deviceEventsRepo,
};
export type FixNotificationsRepositories = typeof REPOSITORIES;
export type FixNotificationsDeps = SensorSettingsDeps & { repos?: FixNotificationsRepositories };

/** As the event detector reads a sensor (telemetry/device-events.ts): the device's Alarm flag or Status. */
const isAlarm = (sensor: Sensor) => sensor.Alarm || sensor.Status === 'Alarm';
const isWarning = (sensor: Sensor) => !isAlarm(sensor) && sensor.Status === 'WARNING';
/** The device cannot read it: its state is unknown, and the detector keeps its last known one. */
const isUnreadable = (sensor: Sensor) =>
  sensor.Status === 'Not Scanned' || sensor.Meta.State === SENSOR_STATE_TEXTS.lostCommunication;

/** Whether the latest tree still holds the sensor's open alarm or warning (a missing sensor holds nothing). */
function isStillOpen(event: OpenSensorEvent, sensor: Sensor | undefined): boolean {
  if (sensor === undefined) {
    return false;
  }
  return isUnreadable(sensor) || (event.kind === 'alarm_on' ? isAlarm(sensor) : isWarning(sensor));
}

/**
 * POST devices/{id}/fix-notifications/ (super user; M sections 2, 6 and 8; docs/sensor-settings.md): closes the
 * device's alarms and warnings that are still open in the event log but not in the latest tree, with alarm_off /
 * warning_off events marked `reason: 'fix-notifications'`, so notifications and the dashboard stop showing them.
 */
export class FixNotificationsService {
  private readonly repos: FixNotificationsRepositories;

  constructor(private readonly deps: FixNotificationsDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  async fix(
    user: UserRow,
    deviceId: number,
    sentDeviceId: number | undefined,
  ): Promise<FixNotificationsResult> {
    const { deps } = this;
    if (!user.isSuperuser) {
      throw forbidden();
    }
    const device = await this.repos.devices.getDeviceById(deps.db, deviceId);
    if (device === undefined) {
      throw notFound();
    }
    if (sentDeviceId !== undefined && sentDeviceId !== device.id) {
      throw AppError.validation({ device_id: [MESSAGES.deviceMismatch] });
    }
    const tree = await deps.latestTree(device);
    const sensors = new Map((tree === undefined ? [] : listSensors(tree)).map((e) => [e.fullId, e.sensor]));
    const at = deps.now?.() ?? new Date();
    const rows: NewDeviceEventRow[] = [];
    for (const event of await this.repos.fixNotifications.findOpenSensorEvents(deps.db, device.id)) {
      const sensor = sensors.get(event.sensorId);
      if (isStillOpen(event, sensor)) {
        continue;
      }
      rows.push({
        deviceId: device.id,
        ts: at,
        kind: event.kind === 'alarm_on' ? 'alarm_off' : 'warning_off',
        sensorId: event.sensorId,
        detail: {
          reason: 'fix-notifications',
          user_id: user.id,
          status: sensor?.Status ?? null,
          value: sensor?.Value ?? null,
        },
      });
    }
    await this.repos.deviceEvents.insertDeviceEvents(deps.db, rows);
    return { detail: MESSAGES.fixNotificationsDone, closed: rows.length };
  }
}
