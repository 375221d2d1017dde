import { type TabSave, VISUAL_MESSAGES } from '@vigil/contracts';
import { findMachineType, type MachineType } from './machine-types/machine-type-catalog';

/** What a save is checked against: the site's devices, their trees' sensors, the schema's other bindings. */
export type SaveContext = {
  /** The site's devices by `udf_id`, with the sensor ids of their newest tree (undefined: no tree yet). */
  devices: Map<string, { id: number; sensorIds: Set<string> | undefined }>;
  /** Sensors bound on the schema's other tabs → the machine's name. */
  takenElsewhere: Map<string, string>;
  /** Ids of the machines on the tab being saved (none for a new tab). */
  machineIds: Set<number>;
};

/** A binding of the save, resolved to its device. */
export type ResolvedBinding = { frontendId: string; sensorPoint: number; deviceId: number; sensorId: string };

/** A connector of the save with its ends named by frontend ids of the save's machines. */
export type ResolvedConnector = {
  start: string;
  startAnchorPoint: number;
  end: string | null;
  endAnchorPoint: number | null;
  additionalPoints: TabSave['connectors'][number]['additional_points'];
};

export type SaveCheck =
  | { ok: true; bindings: ResolvedBinding[]; connectors: ResolvedConnector[] }
  | { ok: false; errors: Record<string, string[]> };

/** The device a full sensor id names (its first part is the device's `udf_id`) when it is a sensor of the site. */
export function sensorDevice(context: SaveContext, sensorId: string): number | undefined {
  const device = context.devices.get(sensorId.split('.')[0] ?? '');
  if (device === undefined || sensorId.split('.').length < 2) {
    return undefined;
  }
  return device.sensorIds === undefined || device.sensorIds.has(sensorId) ? device.id : undefined;
}

/**
 * The rules of a tab save (docs/visual-dashboard.md 'Routes'): machine types of the catalog, sensor points of the
 * machine's type, sensors of the site's devices bound once in the schema, connectors between the save's machines
 * at their types' anchor points, unique frontend ids. Field messages name the item (1-based).
 */
export function checkTabSave(save: TabSave, context: SaveContext): SaveCheck {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const typeOf = new Map<string, MachineType>();
  const byId = new Map<number, string>();
  const boundBy = new Map<string, string>();
  const bindings: ResolvedBinding[] = [];
  save.machines.forEach((machine, index) => {
    const at = `Machine ${index + 1}`;
    if (typeOf.has(machine.frontend_id)) {
      fail('machines', `${at}: frontend_id ${machine.frontend_id} is used twice.`);
    }
    if (machine.id != null) {
      if (!context.machineIds.has(machine.id) || byId.has(machine.id)) {
        fail('machines', `${at}: machine ${machine.id} is not on this tab.`);
      }
      byId.set(machine.id, machine.frontend_id);
    }
    const type = findMachineType(machine.type_of_machine);
    if (type === undefined) {
      fail('machines', `${at}: unknown machine type ${machine.type_of_machine}.`);
      return;
    }
    typeOf.set(machine.frontend_id, type);
    const points = new Set<number>();
    for (const { sensor_point, sensor } of machine.sensors) {
      if (!type.sensorPoints.some((point) => point.id === sensor_point) || points.has(sensor_point)) {
        fail('machines', `${at}: sensor point ${sensor_point} is not a free point of ${type.name}.`);
        continue;
      }
      points.add(sensor_point);
      const deviceId = sensorDevice(context, sensor);
      if (deviceId === undefined) {
        fail('machines', `${at}: ${sensor} is not a sensor of this site.`);
        continue;
      }
      const holder = context.takenElsewhere.get(sensor) ?? boundBy.get(sensor);
      if (holder !== undefined) {
        fail('machines', `${sensor} ${VISUAL_MESSAGES.alreadyInUse(holder)}`);
        continue;
      }
      boundBy.set(sensor, machine.name);
      bindings.push({
        frontendId: machine.frontend_id,
        sensorPoint: sensor_point,
        deviceId,
        sensorId: sensor,
      });
    }
    const state = machine.system_state_sensor;
    if (state != null && sensorDevice(context, state) === undefined) {
      fail('machines', `${at}: ${state} is not a sensor of this site.`);
    }
  });
  const end = (machineId: number | null | undefined, frontendId: string | null | undefined) => {
    if (machineId != null) {
      return byId.get(machineId);
    }
    return frontendId != null && typeOf.has(frontendId) ? frontendId : undefined;
  };
  const anchorOk = (frontendId: string, point: number) =>
    typeOf.get(frontendId)?.anchorPoints.some((anchor) => anchor.id === point) === true;
  const connectors: ResolvedConnector[] = [];
  save.connectors.forEach((connector, index) => {
    const at = `Connector ${index + 1}`;
    const start = end(connector.start_machine, connector.start_m_fe_id);
    if (start === undefined || !anchorOk(start, connector.start_anchor_point)) {
      fail('connectors', `${at}: its start is not an anchor point of a machine of this tab.`);
      return;
    }
    const hasEnd = connector.end_machine != null || connector.end_m_fe_id != null;
    const finish = hasEnd ? end(connector.end_machine, connector.end_m_fe_id) : null;
    const endPoint = connector.end_anchor_point ?? null;
    if (finish === undefined || (finish === null) !== (endPoint === null)) {
      fail('connectors', `${at}: its end is not an anchor point of a machine of this tab.`);
      return;
    }
    if (finish !== null && endPoint !== null && !anchorOk(finish, endPoint)) {
      fail('connectors', `${at}: its end is not an anchor point of a machine of this tab.`);
      return;
    }
    connectors.push({
      start,
      startAnchorPoint: connector.start_anchor_point,
      end: finish,
      endAnchorPoint: endPoint,
      additionalPoints: connector.additional_points,
    });
  });
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, bindings, connectors };
}
