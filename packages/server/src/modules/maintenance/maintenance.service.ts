import {
  listSensors,
  MAINTENANCE_EVENTS,
  MAINTENANCE_EXCLUDED_SENSOR_IDS,
  MAINTENANCE_MESSAGES,
  MAINTENANCE_NO_COMMENT,
  type MaintenanceInfo,
  type MaintenanceRecord,
  type MaintenanceStep,
  NON_FIELD_ERRORS,
  type StateTree,
} from '@vigil/contracts';
import { assertCanEditSite, getSiteAccess } from '../../access/access';
import type { Database } from '../../db/database';
import type { DeviceRow } from '../../db/tables/devices.table';
import type { MaintenanceRecordRow } from '../../db/tables/maintenance.table';
import type { UserRow } from '../../db/tables/users.table';
import { AppError, notFound } from '../../errors';
import type { DomainEventPublisher } from '../../events/domain-events';
import * as devicesRepo from '../devices/devices.repo';
import type { MaintenanceTestView } from './maintenance.repo';
import * as maintenanceRepo from './maintenance.repo';
import { recordMaintenanceChange } from './maintenance-audit';
import type { MaintenanceMonitor } from './maintenance-monitor';
import { findMaintenanceSensor, leafIdOf } from './maintenance-sensor';
import { canCancel, isRunning, observeSensor } from './maintenance-transitions';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { maintenance: maintenanceRepo, devices: devicesRepo };
export type MaintenanceRepositories = typeof REPOSITORIES;

export type MaintenanceDeps = {
  db: Database;
  repos?: MaintenanceRepositories;
  monitor: MaintenanceMonitor;
  /** The device's newest tree: this instance's memory or device_state, whichever is newer. */
  latestTree(device: DeviceRow): Promise<StateTree | undefined>;
  timeoutSeconds: number;
  /** The audit trail hears each step a person takes (`change-recorded`, in the step's transaction). */
  events: DomainEventPublisher;
  now?: () => Date;
};

const invalid = (field: string, message: string) => AppError.validation({ [field]: [message] });

/** A comment the person actually wrote; 'empty area' and blanks are none. */
function commentOf(step: MaintenanceStep): string | undefined {
  const text = step.comment?.trim() ?? '';
  return text === '' || text === MAINTENANCE_NO_COMMENT ? undefined : text;
}

function nameOf(user: UserRow): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

function recordJson(record: MaintenanceRecordRow, engineer: string): MaintenanceRecord {
  return {
    id: record.id,
    device_id: record.deviceId,
    sensor_id: record.sensorId,
    sensor_name: record.sensorName,
    event_type: record.eventType,
    maintenance_time: record.maintenanceTime.getTime(),
    groupName: record.groupName,
    comment: record.comment,
    engineer,
  };
}

/**
 * Sensor maintenance tests of M section 4 (docs/maintenance.md). The client starts, cancels and closes a test;
 * the server alone decides when the alarm was seen, cleared or timed out.
 */
export class MaintenanceService {
  private readonly now: () => Date;
  private readonly repos: MaintenanceRepositories;

  constructor(private readonly deps: MaintenanceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** GET get-maintenance-info/: every sensor of the latest tree by leaf Id, null unless in maintenance. */
  async getInfo(user: UserRow, deviceId: number): Promise<MaintenanceInfo> {
    const device = await this.visibleDevice(deviceId);
    await getSiteAccess(this.deps.db, user, device.locationId);
    const info: MaintenanceInfo = {};
    const tree = await this.deps.latestTree(device);
    for (const { sensor } of tree === undefined ? [] : listSensors(tree)) {
      info[String(sensor.Id)] = null;
    }
    const test = await this.repos.maintenance.findMaintenanceTest(this.deps.db, device.id);
    if (test !== undefined) {
      info[test.leafSensorId] = {
        time: test.startedAt.getTime(),
        engineer: test.engineer,
        state: test.state,
        sensor_id: test.sensorId,
        sensor_name: test.sensorName,
        group_name: test.groupName,
        state_time: test.stateAt.getTime(),
        deadline: test.deadline.getTime(),
        server_time: this.now().getTime(),
      };
    }
    return info;
  }

  /** POST maintenance/: the client's event type says what the person asks for (docs/maintenance.md). */
  async submitStep(user: UserRow, deviceId: number, step: MaintenanceStep): Promise<MaintenanceRecord> {
    const device = await this.visibleDevice(deviceId);
    await assertCanEditSite(this.deps.db, user, device.locationId);
    if (step.device_id !== undefined && step.device_id !== device.id) {
      throw invalid('device_id', MAINTENANCE_MESSAGES.deviceMismatch);
    }
    switch (step.event_type) {
      case MAINTENANCE_EVENTS.expectAlarmOn:
        return this.start(user, device, step);
      case MAINTENANCE_EVENTS.canceled:
        return this.cancel(user, device, step);
      case MAINTENANCE_EVENTS.succeeded:
      case MAINTENANCE_EVENTS.failed:
        return this.close(user, device, step, step.event_type);
      default:
        throw invalid('event_type', MAINTENANCE_MESSAGES.alarmSeenByServer);
    }
  }

  private async start(user: UserRow, device: DeviceRow, step: MaintenanceStep): Promise<MaintenanceRecord> {
    const leafId = leafIdOf(step.sensor_id);
    if (MAINTENANCE_EXCLUDED_SENSOR_IDS.includes(leafId)) {
      throw invalid('sensor_id', MAINTENANCE_MESSAGES.excludedSensor(leafId));
    }
    const tree = await this.deps.latestTree(device);
    if (tree === undefined) {
      throw invalid('sensor_id', MAINTENANCE_MESSAGES.noState);
    }
    const sensor = findMaintenanceSensor(tree, step.sensor_id);
    if (sensor === undefined) {
      throw invalid('sensor_id', MAINTENANCE_MESSAGES.unknownSensor);
    }
    if (observeSensor(sensor.sensor, device.deviceType) === 'alarm') {
      throw invalid('sensor_id', MAINTENANCE_MESSAGES.sensorInAlarm);
    }
    const at = this.now();
    const started = await this.deps.db.transaction(async (tx) => {
      const inserted = await this.repos.maintenance.insertMaintenanceTest(tx, {
        deviceId: device.id,
        sensorId: sensor.fullId,
        leafSensorId: sensor.leafId,
        sensorName: step.sensor_name || sensor.sensor.Name,
        groupName: sensor.groupName,
        deviceType: device.deviceType,
        startedAt: at,
        deadline: new Date(at.getTime() + this.deps.timeoutSeconds * 1000),
        engineerId: user.id,
      });
      if (inserted !== undefined) {
        await recordMaintenanceChange(this.deps.events, tx, {
          actor: user,
          kind: 'maintenance.step',
          device,
          before: null,
          after: { step: 'started', sensor: inserted.test.sensorName, sensor_id: inserted.test.sensorId },
        });
      }
      return inserted;
    });
    if (started === undefined) {
      const current = await this.repos.maintenance.findMaintenanceTest(this.deps.db, device.id);
      throw AppError.validation({
        [NON_FIELD_ERRORS]: [MAINTENANCE_MESSAGES.restricted(current?.sensorName ?? sensor.sensor.Name)],
      });
    }
    const { test, record } = started;
    this.deps.monitor.track(device.id, {
      sensorId: test.sensorId,
      deviceType: test.deviceType,
      state: test.state,
    });
    return recordJson(record, nameOf(user));
  }

  private async cancel(user: UserRow, device: DeviceRow, step: MaintenanceStep): Promise<MaintenanceRecord> {
    const test = await this.testOf(device, step);
    const comment = commentOf(step);
    if (comment === undefined) {
      throw invalid('comment', MAINTENANCE_MESSAGES.commentRequired);
    }
    if (!isRunning(test.state)) {
      throw invalid('event_type', MAINTENANCE_MESSAGES.ended);
    }
    const tree = await this.deps.latestTree(device);
    const sensor = tree === undefined ? undefined : findMaintenanceSensor(tree, test.sensorId);
    if (!canCancel(test.state, observeSensor(sensor?.sensor, test.deviceType))) {
      throw invalid(NON_FIELD_ERRORS, MAINTENANCE_MESSAGES.cancelInAlarm);
    }
    const record = await this.deps.db.transaction(async (tx) => {
      const ended = await this.repos.maintenance.endMaintenanceTest(tx, device.id, {
        state: test.state,
        sensorId: test.sensorId,
        comment,
        canceledAt: this.now(),
      });
      if (ended !== undefined) {
        const after = { step: 'canceled', sensor: test.sensorName, sensor_id: test.sensorId, comment };
        const change = { actor: user, kind: 'maintenance.step' as const, device, before: null, after };
        await recordMaintenanceChange(this.deps.events, tx, change);
      }
      return ended;
    });
    if (record === undefined) {
      // The alarm was seen (or the test ended) between the read and the cancel.
      throw invalid(NON_FIELD_ERRORS, MAINTENANCE_MESSAGES.cancelInAlarm);
    }
    this.deps.monitor.untrack(device.id);
    return recordJson(record, test.engineer);
  }

  private async close(
    user: UserRow,
    device: DeviceRow,
    step: MaintenanceStep,
    outcome: typeof MAINTENANCE_EVENTS.succeeded | typeof MAINTENANCE_EVENTS.failed,
  ): Promise<MaintenanceRecord> {
    let test = await this.testOf(device, step);
    const comment = commentOf(step);
    if (outcome === MAINTENANCE_EVENTS.failed) {
      if (isRunning(test.state) && test.deadline.getTime() <= this.now().getTime()) {
        // Due but not fired yet by the job: fire it here, with the same conditional UPDATE.
        await this.repos.maintenance.failOverdueTests(this.deps.db, this.now(), { deviceId: device.id });
        test = await this.testOf(device, step);
      }
      if (test.state !== MAINTENANCE_EVENTS.failed) {
        throw invalid('event_type', MAINTENANCE_MESSAGES.notFailed);
      }
      if (comment === undefined) {
        throw invalid('comment', MAINTENANCE_MESSAGES.commentRequired);
      }
    } else if (test.state !== MAINTENANCE_EVENTS.succeeded) {
      throw invalid('event_type', MAINTENANCE_MESSAGES.notSucceeded);
    }
    const record = await this.deps.db.transaction(async (tx) => {
      const ended = await this.repos.maintenance.endMaintenanceTest(tx, device.id, {
        state: outcome,
        sensorId: test.sensorId,
        comment: comment ?? MAINTENANCE_NO_COMMENT,
      });
      if (ended !== undefined) {
        await recordMaintenanceChange(this.deps.events, tx, {
          actor: user,
          kind: 'maintenance.comment',
          device,
          before: { result: outcome, comment: null },
          after: { result: outcome, sensor: test.sensorName, comment: comment ?? MAINTENANCE_NO_COMMENT },
        });
      }
      return ended;
    });
    if (record === undefined) {
      throw invalid('sensor_id', MAINTENANCE_MESSAGES.noTest);
    }
    this.deps.monitor.untrack(device.id);
    return recordJson(record, test.engineer);
  }

  /** The device's open test, which must be on the step's sensor. */
  private async testOf(device: DeviceRow, step: MaintenanceStep): Promise<MaintenanceTestView> {
    const test = await this.repos.maintenance.findMaintenanceTest(this.deps.db, device.id);
    if (test === undefined || !samePath(test.sensorId, step.sensor_id)) {
      throw invalid('sensor_id', MAINTENANCE_MESSAGES.noTest);
    }
    return test;
  }

  private async visibleDevice(deviceId: number): Promise<DeviceRow> {
    const device = await this.repos.devices.getDeviceById(this.deps.db, deviceId);
    if (device === undefined) {
      throw notFound();
    }
    return device;
  }
}

/** The stored id, or the same path under the tree's Id instead of its deviceId (the device is the address's). */
function samePath(storedId: string, sentId: string): boolean {
  const tail = (id: string) => id.slice(id.indexOf('.') + 1);
  return storedId === sentId || tail(storedId) === tail(sentId);
}
