import {
  type Group,
  SENSOR_STATE_TEXTS,
  SENSOR_STATUSES,
  type Sensor,
  type SensorEntry,
  type StateTree,
} from '@vigil/contracts';
import { sn2StatusOf } from './sn2-status';

/**
 * What the event detector (device-events.ts) remembers of a device's last tree: each sensor's state packed in a
 * small int, and the tree's shape, so that the next tree with the same sensors is compared without allocating.
 */

// A sensor's state packed in a small int: bits 0-2 the status (index in SENSOR_STATUSES), bit 3 the Alarm
// flag, bit 4 'unknown' (lost communication with its node, or not scanned).
export const STATUS_BITS = 7;
const ALARM_FLAG = 8;
export const UNKNOWN = 16;
const ALARM_STATUS = SENSOR_STATUSES.indexOf('Alarm');
const WARNING_STATUS = SENSOR_STATUSES.indexOf('WARNING');
const NOT_SCANNED_STATUS = SENSOR_STATUSES.indexOf('Not Scanned');
/** What a sensor seen for the first time is compared with: OK, not in alarm. */
export const NEVER_SEEN = 0;

/**
 * The device's own flag decides alarm: the Alarm flag or Status 'Alarm' (ETH-NODE units flag an alarm with
 * Status WARNING and Alarm true: that is an alarm, not a warning). A sensor the device cannot read (lost
 * communication with its node, not scanned) is 'unknown': it does not end nor start an alarm or warning.
 */
export function codeOf(sensor: Sensor): number {
  const status = SENSOR_STATUSES.indexOf(sensor.Status);
  const alarm = sensor.Alarm ? ALARM_FLAG : 0;
  const unreadable =
    status === NOT_SCANNED_STATUS || sensor.Meta.State === SENSOR_STATE_TEXTS.lostCommunication;
  return status | alarm | (unreadable && alarm === 0 && status !== ALARM_STATUS ? UNKNOWN : 0);
}

export function isAlarm(code: number): boolean {
  return (code & ALARM_FLAG) !== 0 || (code & STATUS_BITS) === ALARM_STATUS;
}

export function isWarning(code: number): boolean {
  return (code & UNKNOWN) === 0 && !isAlarm(code) && (code & STATUS_BITS) === WARNING_STATUS;
}

/** The sensors of one device as last seen: the tree's shape (to match the next tree without a lookup), ids, states. */
export type Memory = {
  /** Sensor counts, group counts and Ids in walk order (listSensors' order); see ShapeWalk. */
  shape: Array<string | number>;
  fullIds: string[];
  codes: Uint8Array;
  /** The last SN2 status value (sn2-status.ts), when the device reports one. */
  sn2?: number;
};

/** The key that keeps the SN2 status among the stored sensor states (no full sensor id starts with '#'). */
export const SN2_KEY = '#sn2-status';

function shapeOf(tree: StateTree): Array<string | number> {
  const shape: Array<string | number> = [];
  const sensors = (list: Sensor[]) => {
    shape.push(list.length);
    for (const sensor of list) {
      shape.push(sensor.Id);
    }
  };
  const groups = (list: Group[] | null | undefined) => {
    shape.push(list?.length ?? 0);
    for (const group of list ?? []) {
      shape.push(group.Id);
      sensors(group.sensors);
      groups(group.groups);
    }
  };
  sensors(tree.sensors);
  groups(tree.groups);
  return shape;
}

export function memoryOf(tree: StateTree, entries: SensorEntry[]): Memory {
  return {
    shape: shapeOf(tree),
    fullIds: entries.map((entry) => entry.fullId),
    codes: Uint8Array.from(entries, (entry) => codeOf(entry.sensor)),
    sn2: sn2StatusOf(tree)?.value,
  };
}

/**
 * Walks a tree against the shape of the device's last tree without allocating: true when both have the same
 * groups and sensors in the same order, collecting the sensors whose packed state changed.
 */
export class ShapeWalk {
  private memory: Memory = { shape: [], fullIds: [], codes: new Uint8Array() };
  private position = 0;
  private sensorIndex = 0;
  readonly changedIndexes: number[] = [];
  readonly changedSensors: Sensor[] = [];

  matches(tree: StateTree, memory: Memory): boolean {
    this.memory = memory;
    this.position = 0;
    this.sensorIndex = 0;
    this.changedIndexes.length = 0;
    this.changedSensors.length = 0;
    return this.sensors(tree.sensors) && this.groups(tree.groups) && this.position === memory.shape.length;
  }

  private next(token: string | number): boolean {
    return this.memory.shape[this.position++] === token;
  }

  private sensors(list: Sensor[]): boolean {
    if (!this.next(list.length)) {
      return false;
    }
    for (const sensor of list) {
      if (!this.next(sensor.Id)) {
        return false;
      }
      if (codeOf(sensor) !== this.memory.codes[this.sensorIndex]) {
        this.changedIndexes.push(this.sensorIndex);
        this.changedSensors.push(sensor);
      }
      this.sensorIndex++;
    }
    return true;
  }

  private groups(list: Group[] | null | undefined): boolean {
    if (!this.next(list?.length ?? 0)) {
      return false;
    }
    for (const group of list ?? []) {
      if (!this.next(group.Id) || !this.sensors(group.sensors) || !this.groups(group.groups)) {
        return false;
      }
    }
    return true;
  }
}
