import type { Group, StateTree } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { EventDetector } from './device-events';
import { sn2StatusOf } from './sn2-status';

const AT = new Date('2026-07-01T10:00:00Z');
const DEVICE = 7;
const STATES = ['Running', 'Stopped', 'Fault'];

/** An F500-UDF tree whose System State 'Status' sensor is at `value` (undefined: no System group). */
function tree(value: number | undefined, extraGroup = false): StateTree {
  const system: Group = {
    Id: 'system',
    Name: 'System State',
    Status: 'OK',
    Alarm: false,
    sensors: [
      {
        Id: '2',
        Name: 'Status',
        Type: 'ENUM',
        Value: value ?? 0,
        Status: 'OK',
        Alarm: false,
        Meta: { State: STATES[value ?? 0] ?? null },
      },
    ],
  };
  const other: Group = { Id: 'n01', Name: 'Network 1 Node 1', Status: 'OK', Alarm: false, sensors: [] };
  return {
    Id: 'UDF9',
    Name: 'Gateway',
    Status: 'OK',
    Alarm: false,
    time: 1_780_000_000,
    device: { deviceId: 'UDF9', deviceType: 'F500-UDF' },
    sensors: [],
    groups: [...(value === undefined ? [] : [system]), ...(extraGroup ? [other] : [])],
  };
}

describe('SN2 status', () => {
  it("reads the System group's Status sensor: its value, state text and full id", () => {
    expect(sn2StatusOf(tree(2))).toEqual({ fullId: 'UDF9.system.2', value: 2, state: 'Fault' });
    expect(sn2StatusOf(tree(undefined))).toBeUndefined();
  });

  it('raises sn2_status_change when the status changes, not for the first one nor for a repeat', () => {
    const detector = new EventDetector();
    expect(detector.derive(DEVICE, tree(0), AT)).toEqual({ events: [], changed: true });
    expect(detector.derive(DEVICE, tree(0), AT)).toEqual({ events: [], changed: false });
    const stopped = detector.derive(DEVICE, tree(1), AT);
    expect(stopped.changed).toBe(true);
    expect(stopped.events).toEqual([
      {
        deviceId: DEVICE,
        ts: AT,
        kind: 'sn2_status_change',
        sensorId: 'UDF9.system.2',
        detail: { value: 1, previous: 0, state: 'Stopped', name: 'Status' },
      },
    ]);
    // A new shape (a group added) compares by id and still sees the status change.
    expect(detector.eventsOf(DEVICE, tree(2, true), AT).map((event) => event.kind)).toEqual([
      'sn2_status_change',
    ]);
    // A tree without the System group tells nothing of the status (its sensor is reported gone).
    expect(detector.eventsOf(DEVICE, tree(undefined), AT).map((event) => event.kind)).toEqual([
      'sensor_disappeared',
    ]);
  });

  it('keeps the status among the stored states, so another instance or a restart continues from it', () => {
    const first = new EventDetector();
    first.derive(DEVICE, tree(0), AT);
    const stored = first.codesOf(DEVICE) ?? {};
    expect(stored['#sn2-status']).toBe(0);

    const second = new EventDetector();
    second.restore(DEVICE, stored);
    expect(second.codesOf(DEVICE)).toEqual(stored);
    expect(second.eventsOf(DEVICE, tree(0), AT)).toEqual([]);
    expect(second.eventsOf(DEVICE, tree(2), AT).map((event) => event.kind)).toEqual(['sn2_status_change']);
  });
});
