import { listSensors, SENSOR_STATUSES, type Sensor, type StateTree } from '@vigil/contracts';
import type { DeviceEventKind, NewDeviceEventRow } from '../../db/tables/device-events.table';
import {
  codeOf,
  isAlarm,
  isWarning,
  type Memory,
  memoryOf,
  NEVER_SEEN,
  ShapeWalk,
  SN2_KEY,
  STATUS_BITS,
  UNKNOWN,
} from './sensor-state-memory';
import { sn2StatusOf } from './sn2-status';

/**
 * Derives device events from consecutive state trees of each device (docs/telemetry.md 'Events'): alarm_on /
 * alarm_off and warning_on / warning_off when a sensor's state crosses, sensor_disappeared when a sensor of
 * the previous tree is missing. Memory per instance, seeded from the stored latest trees at start so that a
 * restart neither invents nor loses an edge. A tree with the same sensors as the last one allocates nothing
 * per sensor.
 */
export class EventDetector {
  private readonly devices = new Map<number, Memory>();
  private readonly walk = new ShapeWalk();

  /** Remembers a stored tree (device_state) as the one the device's next tree is compared with. */
  seed(deviceId: number, tree: StateTree): void {
    this.devices.set(deviceId, memoryOf(tree, listSensors(tree)));
  }

  /** Remembers stored sensor states (device_edge_states) as what the device's next tree is compared with. */
  restore(deviceId: number, codes: Readonly<Record<string, number>>): void {
    const fullIds = Object.keys(codes).filter((key) => key !== SN2_KEY);
    // No shape: the next tree is matched by full id, then remembered with its own shape.
    this.devices.set(deviceId, {
      shape: [],
      fullIds,
      codes: Uint8Array.from(fullIds, (id) => codes[id] ?? 0),
      sn2: codes[SN2_KEY],
    });
  }

  /** The device's remembered sensor states by full id, to store; undefined for a device not seen. */
  codesOf(deviceId: number): Record<string, number> | undefined {
    const memory = this.devices.get(deviceId);
    if (memory === undefined) {
      return undefined;
    }
    const codes: Record<string, number> = {};
    memory.fullIds.forEach((fullId, index) => {
      codes[fullId] = memory.codes[index] as number;
    });
    if (memory.sn2 !== undefined) {
      codes[SN2_KEY] = memory.sn2;
    }
    return codes;
  }

  /** The events between the device's last tree and `tree`, received at `at`; `tree` becomes the last tree. */
  eventsOf(deviceId: number, tree: StateTree, at: Date): NewDeviceEventRow[] {
    return this.derive(deviceId, tree, at).events;
  }

  /** eventsOf, also telling whether the remembered states changed (and should be stored). */
  derive(deviceId: number, tree: StateTree, at: Date): { events: NewDeviceEventRow[]; changed: boolean } {
    const memory = this.devices.get(deviceId);
    if (memory !== undefined && this.walk.matches(tree, memory)) {
      const before = this.walk.changedIndexes.map((index) => memory.codes[index]);
      const events = this.changesInPlace(deviceId, memory, at);
      const changed = this.walk.changedIndexes.some((index, i) => memory.codes[index] !== before[i]);
      return { events, changed: this.sn2Change(events, deviceId, memory, tree, at) || changed };
    }
    const events = this.compareById(deviceId, memory, tree, at);
    const next = this.devices.get(deviceId) as Memory;
    // compareById remembered the tree's own SN2 status; compare it with the one remembered before.
    next.sn2 = memory?.sn2;
    this.sn2Change(events, deviceId, next, tree, at);
    return { events, changed: true };
  }

  /**
   * Appends sn2_status_change when the SN2 status (sn2-status.ts) differs from the one remembered, and remembers
   * it; true when what is remembered changed. A first status, or a tree without one, raises nothing.
   */
  private sn2Change(
    events: NewDeviceEventRow[],
    deviceId: number,
    memory: Memory,
    tree: StateTree,
    at: Date,
  ): boolean {
    const status = sn2StatusOf(tree);
    if (status === undefined || status.value === memory.sn2) {
      return false;
    }
    if (memory.sn2 !== undefined) {
      events.push(
        eventRow(deviceId, at, 'sn2_status_change', status.fullId, {
          value: status.value,
          previous: memory.sn2,
          ...(status.state === null ? {} : { state: status.state }),
          name: 'Status',
        }),
      );
    }
    memory.sn2 = status.value;
    return true;
  }

  /** Forgets a device: its next tree is compared with nothing, like a new device's first tree. */
  forget(deviceId: number): void {
    this.devices.delete(deviceId);
  }

  /** Same sensors as last time: only the changed ones, by position. */
  private changesInPlace(deviceId: number, memory: Memory, at: Date): NewDeviceEventRow[] {
    const events: NewDeviceEventRow[] = [];
    const { changedIndexes, changedSensors } = this.walk;
    for (let i = 0; i < changedIndexes.length; i++) {
      const index = changedIndexes[i] as number;
      const sensor = changedSensors[i] as Sensor;
      memory.codes[index] = crossings(events, deviceId, memory.fullIds[index] as string, sensor, {
        was: memory.codes[index] as number,
        at,
      });
    }
    return events;
  }

  /** Sensors added, removed or moved: match them by full id. */
  private compareById(
    deviceId: number,
    previous: Memory | undefined,
    tree: StateTree,
    at: Date,
  ): NewDeviceEventRow[] {
    const events: NewDeviceEventRow[] = [];
    const before = new Map<string, number>();
    if (previous !== undefined) {
      for (let index = 0; index < previous.fullIds.length; index++) {
        before.set(previous.fullIds[index] as string, previous.codes[index] as number);
      }
    }
    const entries = listSensors(tree);
    const next = memoryOf(tree, entries);
    entries.forEach(({ fullId, sensor }, index) => {
      const was = before.get(fullId);
      before.delete(fullId);
      const kept = crossings(events, deviceId, fullId, sensor, { was: was ?? NEVER_SEEN, at });
      // A sensor first seen while unreadable keeps its own state (no alarm, no warning).
      next.codes[index] = was === undefined ? (next.codes[index] as number) : kept;
    });
    for (const [fullId, code] of before) {
      events.push(
        eventRow(deviceId, at, 'sensor_disappeared', fullId, {
          status: SENSOR_STATUSES[code & STATUS_BITS],
          alarm: isAlarm(code),
        }),
      );
    }
    this.devices.set(deviceId, next);
    return events;
  }
}

/**
 * Appends the events of a sensor going from state `was` to its state in this tree (the ends before the
 * starts: WARNING → Alarm is warning_off then alarm_on); returns the state to remember, which stays `was`
 * while the sensor is unreadable.
 */
function crossings(
  events: NewDeviceEventRow[],
  deviceId: number,
  fullId: string,
  sensor: Sensor,
  edge: { was: number; at: Date },
): number {
  const code = codeOf(sensor);
  if ((code & UNKNOWN) !== 0) {
    return edge.was;
  }
  const { was, at } = edge;
  const push = (kind: DeviceEventKind) =>
    events.push(eventRow(deviceId, at, kind, fullId, readingOf(sensor)));
  if (isAlarm(was) && !isAlarm(code)) {
    push('alarm_off');
  }
  if (isWarning(was) && !isWarning(code)) {
    push('warning_off');
  }
  if (!isWarning(was) && isWarning(code)) {
    push('warning_on');
  }
  if (!isAlarm(was) && isAlarm(code)) {
    push('alarm_on');
  }
  return code;
}

/** What an edge event keeps of the sensor: its reading, and its name and state text for the notifications log. */
function readingOf(sensor: Sensor): Record<string, unknown> {
  const detail: Record<string, unknown> = { value: sensor.Value, status: sensor.Status, name: sensor.Name };
  if (sensor.Meta.Units) {
    detail.units = sensor.Meta.Units;
  }
  if (sensor.Meta.State) {
    detail.state = sensor.Meta.State;
  }
  return detail;
}

function eventRow(
  deviceId: number,
  ts: Date,
  kind: DeviceEventKind,
  sensorId: string,
  detail: Record<string, unknown>,
): NewDeviceEventRow {
  return { deviceId, ts, kind, sensorId, detail };
}
