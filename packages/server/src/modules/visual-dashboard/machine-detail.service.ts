import type { LastTimeInAlarm, MachineDetail, MachineSensorJson } from '@vigil/contracts';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';
import { notFound } from '../../errors';
import * as notificationsRepo from '../notifications/sensor-notifications.repo';
import { loadSensorNamer } from '../sensor-settings/sensor-display-name';
import type { MachineBinding, MachinePlace } from './machine-detail.repo';
import * as machineDetailRepo from './machine-detail.repo';
import type { MachineTypesService } from './machine-types/machine-types.service';
import { sensorsOfTree, type TreeSensor } from './tree-sensors';
import { visibleMachinePlace } from './visible-places';

const REPOSITORIES = { machines: machineDetailRepo, notifications: notificationsRepo };
export type MachineDetailRepositories = typeof REPOSITORIES;
export type MachineDetailDeps = {
  db: Database;
  machineTypes: Pick<MachineTypesService, 'find'>;
  repos?: MachineDetailRepositories;
};

/**
 * `machines/{id}/` (M section 3 'Machine ... in details'; docs/visual-dashboard.md 'Routes'): a machine with its
 * type as an object, its schema and site, and its tab, to everyone who sees the site.
 */
export class MachineDetailService {
  private readonly repos: MachineDetailRepositories;

  constructor(private readonly deps: MachineDetailDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** GET machines/{id}/: 404 for a machine of a site the person does not see. */
  async get(user: UserRow, id: number): Promise<MachineDetail> {
    const place = await this.visiblePlace(user, id);
    const { machine } = place;
    const type = this.deps.machineTypes.find(machine.typeOfMachine);
    if (type === undefined) {
      // Machine-type ids never change once shipped; a saved machine of an unknown type cannot be shown.
      throw notFound();
    }
    return {
      id: machine.id,
      name: machine.name,
      x_coord: machine.xCoord,
      y_coord: machine.yCoord,
      scale: machine.scale,
      flip: machine.flip,
      type_of_machine: type,
      sensors: await this.sensorsOf(machine.id),
      system_state_sensor: machine.systemStateSensor,
      schema: {
        id: place.schema.id,
        name: place.schema.name,
        location: { id: place.schema.locationId, title: place.locationTitle },
      },
      schema_tab: place.tab,
    };
  }

  /**
   * GET machines/{id}/last-time-in-alarm/: full sensor id → the newest alarm notification (alarm_on or alarm_off)
   * of each bound sensor at the machine's site; a sensor never in alarm there is absent.
   */
  async lastTimeInAlarm(user: UserRow, id: number): Promise<LastTimeInAlarm> {
    const place = await this.visiblePlace(user, id);
    const { db } = this.deps;
    const bindings = await this.repos.machines.findBindingsOfMachine(db, place.machine.id);
    const alarms = await this.repos.notifications.findNewestAlarmsOfSensors(
      db,
      place.schema.locationId,
      bindings.map((binding) => ({ deviceId: binding.device.id, sensorId: binding.sensorId })),
    );
    const answer: LastTimeInAlarm = {};
    for (const alarm of alarms) {
      answer[alarm.sensorId] = {
        event_type: alarm.eventType,
        date_created: Math.floor(alarm.dateCreated.getTime() / 1000),
      };
    }
    return answer;
  }

  /** The machine and where it sits, when the person sees its site; 404 otherwise. */
  private visiblePlace(user: UserRow, id: number): Promise<MachinePlace> {
    return visibleMachinePlace(this.deps.db, user, id, this.repos.machines);
  }

  /** The bound sensors named as the dashboard names them, from their devices' latest stored trees. */
  private async sensorsOf(machineId: number): Promise<MachineSensorJson[]> {
    const { db } = this.deps;
    const bindings = await this.repos.machines.findBindingsOfMachine(db, machineId);
    const deviceIds = [...new Set(bindings.map((binding) => binding.device.id))];
    const [trees, nameSensor] = await Promise.all([
      this.repos.machines.findTreesOfDevices(db, deviceIds),
      loadSensorNamer(db, deviceIds),
    ]);
    const sensorsByDevice = new Map<number, Map<string, TreeSensor>>();
    for (const [deviceId, tree] of trees) {
      sensorsByDevice.set(deviceId, new Map(sensorsOfTree(tree).map((sensor) => [sensor.fullId, sensor])));
    }
    return bindings.map((binding: MachineBinding) => {
      const inTree = sensorsByDevice.get(binding.device.id)?.get(binding.sensorId);
      return {
        sensor_point: binding.sensorPoint,
        sensor: {
          id: binding.sensorId,
          name: nameSensor(binding.device, binding.sensorId, inTree?.reportedName),
          group_name: inTree?.groupName ?? '',
          device: { name: binding.device.title },
        },
      };
    });
  }
}
