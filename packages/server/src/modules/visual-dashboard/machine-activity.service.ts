import { type MachineEvent, NOTIFICATION_TYPE_LABELS } from '@vigil/contracts';
import type { Database } from '../../db/database';
import type { NotificationRow } from '../../db/tables/notifications.table';
import type { UserRow } from '../../db/tables/users.table';
import type { DeviceSensorRef } from '../notifications/sensor-notifications.repo';
import * as sensorNotificationsRepo from '../notifications/sensor-notifications.repo';
import { leafIdOf } from '../sensor-settings/sensor-display-name';
import * as machineDetailRepo from './machine-detail.repo';
import * as schemasRepo from './schemas.repo';
import { visibleMachinePlace, visibleSchema } from './visible-places';

/** How far back a machine's maintenance list reaches (M 'Machine details': its Maintenance tab). */
export const MACHINE_MAINTENANCE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const REPOSITORIES = {
  machines: machineDetailRepo,
  schemas: schemasRepo,
  notifications: sensorNotificationsRepo,
};
export type MachineActivityRepositories = typeof REPOSITORIES;
export type MachineActivityDeps = { db: Database; repos?: MachineActivityRepositories; now?: () => Date };

/** A notification as the machine and schema lists carry it (wire-formats 'Visual dashboard (v2)'). */
export function toMachineEvent(row: NotificationRow & { deviceId: number; sensorId: string }): MachineEvent {
  const leafId = leafIdOf(row.sensorId);
  return {
    id: row.id,
    content: row.content,
    date_created: Math.floor(row.dateCreated.getTime() / 1000),
    device_id: row.deviceId,
    device_name: row.deviceTitle ?? '',
    event_type: NOTIFICATION_TYPE_LABELS[row.eventType],
    full_sensor_id: row.sensorId,
    sensor_id: leafId,
    sensor_name: row.sensorName ?? leafId,
    value: row.value,
  };
}

/** Rows about a sensor of a device (every row the sensor reads answer is one; the types say so). */
const eventsOf = (rows: readonly NotificationRow[]): MachineEvent[] =>
  rows.flatMap((row) =>
    row.deviceId === null || row.sensorId === null
      ? []
      : [toMachineEvent({ ...row, deviceId: row.deviceId, sensorId: row.sensorId })],
  );

/**
 * What happened on a machine's bound sensors (docs/visual-dashboard.md 'Machine activity'): its Active Alarms,
 * its maintenance, and the Active Alarms of a whole schema, read from the notifications log at the site.
 */
export class MachineActivityService {
  private readonly repos: MachineActivityRepositories;
  private readonly now: () => Date;

  constructor(private readonly deps: MachineActivityDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
    this.now = deps.now ?? (() => new Date());
  }

  /** GET machines/{id}/notifications/: the alarms and warnings of the bound sensors still on, newest first. */
  async machineAlarms(user: UserRow, id: number): Promise<MachineEvent[]> {
    const { locationId, sensors } = await this.machineSensors(user, id);
    return eventsOf(
      await this.repos.notifications.findActiveAlarmsOfSensors(this.deps.db, locationId, sensors),
    );
  }

  /** GET machines/{id}/maintenance/: the bound sensors' maintenance steps of the last 30 days, newest first. */
  async machineMaintenance(user: UserRow, id: number): Promise<MachineEvent[]> {
    const { locationId, sensors } = await this.machineSensors(user, id);
    const since = new Date(this.now().getTime() - MACHINE_MAINTENANCE_DAYS * DAY_MS);
    return eventsOf(
      await this.repos.notifications.findMaintenanceOfSensors(this.deps.db, locationId, sensors, since),
    );
  }

  /** GET schemas/{id}/notifications/: the Active Alarms of every sensor bound anywhere in the schema. */
  async schemaAlarms(user: UserRow, id: number): Promise<MachineEvent[]> {
    const { db } = this.deps;
    const schema = await visibleSchema(db, user, id, this.repos.schemas);
    const bindings = await this.repos.schemas.findBindingsOfSchemas(db, [schema.id]);
    const sensors = bindings.map((binding) => ({ deviceId: binding.deviceId, sensorId: binding.sensorId }));
    return eventsOf(await this.repos.notifications.findActiveAlarmsOfSensors(db, schema.locationId, sensors));
  }

  /** The machine's site and bound sensors, when the person sees the site (404 otherwise). */
  private async machineSensors(
    user: UserRow,
    id: number,
  ): Promise<{ locationId: number; sensors: DeviceSensorRef[] }> {
    const { db } = this.deps;
    const place = await visibleMachinePlace(db, user, id, this.repos.machines);
    const bindings = await this.repos.machines.findBindingsOfMachine(db, place.machine.id);
    return {
      locationId: place.schema.locationId,
      sensors: bindings.map((binding) => ({ deviceId: binding.device.id, sensorId: binding.sensorId })),
    };
  }
}
