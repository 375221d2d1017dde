import {
  type Group,
  SENSOR_STATE_TEXTS,
  type Sensor,
  type SensorStatus,
  type StateTree,
} from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { EventDetector } from './device-events';

const AT = new Date('2026-07-01T10:00:00Z');
const DEVICE = 7;

type SensorState = { status?: SensorStatus; alarm?: boolean; value?: number | null; state?: string };

function sensor(id: string, state: SensorState = {}): Sensor {
  return {
    Id: id,
    Name: `Sensor ${id}`,
    Type: 'NUMERIC',
    Value: state.value === undefined ? 20 : state.value,
    Status: state.status ?? (state.alarm ? 'Alarm' : 'OK'),
    Alarm: state.alarm ?? false,
    Meta: { Units: '°C', State: state.state ?? null },
  };
}

function group(id: string, sensors: Sensor[], groups?: Group[]): Group {
  return { Id: id, Name: `Group ${id}`, Status: 'OK', Alarm: false, sensors, groups };
}

/** A tree of udf 'UDF1': top-level sensor 'top', group 'temp' with sensors '1' and '2', network 'net' with node 'n1'. */
function tree(states: Record<string, SensorState> = {}, options: { without?: string[] } = {}): StateTree {
  const make = (fullId: string, id: string) =>
    options.without?.includes(fullId) ? [] : [sensor(id, states[fullId])];
  return {
    Id: 'UDF1',
    Name: 'Gateway',
    Status: 'OK',
    Alarm: false,
    time: 1_780_000_000,
    device: { deviceId: 'UDF1', deviceType: 'f500' },
    sensors: make('UDF1.top', 'top'),
    groups: [
      group('temp', [...make('UDF1.temp.1', '1'), ...make('UDF1.temp.2', '2')]),
      group('net', [], [group('n1', make('UDF1.net.n1.5', '5'))]),
    ],
  };
}

const kinds = (events: Array<{ kind: string; sensorId?: string | null }>) =>
  events.map((event) => `${event.kind} ${event.sensorId}`);

describe('EventDetector', () => {
  it('reports alarm_on when a sensor goes into alarm and alarm_off when it clears, with the reading', () => {
    const detector = new EventDetector();
    detector.eventsOf(DEVICE, tree(), AT);

    const on = detector.eventsOf(DEVICE, tree({ 'UDF1.temp.2': { alarm: true, value: 95 } }), AT);
    expect(on).toEqual([
      {
        deviceId: DEVICE,
        ts: AT,
        kind: 'alarm_on',
        sensorId: 'UDF1.temp.2',
        detail: { value: 95, units: '°C', status: 'Alarm', name: 'Sensor 2' },
      },
    ]);
    const off = detector.eventsOf(DEVICE, tree({ 'UDF1.temp.2': { value: 40 } }), AT);
    expect(off).toEqual([
      {
        deviceId: DEVICE,
        ts: AT,
        kind: 'alarm_off',
        sensorId: 'UDF1.temp.2',
        detail: { value: 40, units: '°C', status: 'OK', name: 'Sensor 2' },
      },
    ]);
  });

  it('reports nothing while states stay the same, whatever the values do', () => {
    const detector = new EventDetector();
    detector.eventsOf(DEVICE, tree({ 'UDF1.net.n1.5': { alarm: true, value: 1 } }), AT);
    expect(detector.eventsOf(DEVICE, tree({ 'UDF1.net.n1.5': { alarm: true, value: 2 } }), AT)).toEqual([]);
    expect(detector.eventsOf(DEVICE, tree({ 'UDF1.net.n1.5': { alarm: true, value: 3 } }), AT)).toEqual([]);
  });

  it('takes the Alarm flag or the Alarm status as an alarm', () => {
    const detector = new EventDetector();
    detector.eventsOf(DEVICE, tree(), AT);
    const events = detector.eventsOf(
      DEVICE,
      tree({
        'UDF1.temp.1': { status: 'Alarm', alarm: false },
        'UDF1.temp.2': { status: 'OK', alarm: true },
      }),
      AT,
    );
    expect(kinds(events)).toEqual(['alarm_on UDF1.temp.1', 'alarm_on UDF1.temp.2']);
  });

  it('reports warning_on and warning_off for the WARNING status', () => {
    const detector = new EventDetector();
    detector.eventsOf(DEVICE, tree(), AT);
    expect(kinds(detector.eventsOf(DEVICE, tree({ 'UDF1.top': { status: 'WARNING' } }), AT))).toEqual([
      'warning_on UDF1.top',
    ]);
    expect(kinds(detector.eventsOf(DEVICE, tree(), AT))).toEqual(['warning_off UDF1.top']);
  });

  it('ends a warning before the alarm that follows it, and the alarm before the warning after it', () => {
    const detector = new EventDetector();
    detector.eventsOf(DEVICE, tree({ 'UDF1.top': { status: 'WARNING' } }), AT);
    expect(kinds(detector.eventsOf(DEVICE, tree({ 'UDF1.top': { alarm: true } }), AT))).toEqual([
      'warning_off UDF1.top',
      'alarm_on UDF1.top',
    ]);
    expect(kinds(detector.eventsOf(DEVICE, tree({ 'UDF1.top': { status: 'WARNING' } }), AT))).toEqual([
      'alarm_off UDF1.top',
      'warning_on UDF1.top',
    ]);
  });

  it('takes WARNING with the Alarm flag (ETH-NODE units) as an alarm, not a warning', () => {
    const detector = new EventDetector();
    detector.eventsOf(DEVICE, tree({ 'UDF1.top': { status: 'N/A' } }), AT);
    const events = detector.eventsOf(DEVICE, tree({ 'UDF1.top': { status: 'WARNING', alarm: true } }), AT);
    expect(kinds(events)).toEqual(['alarm_on UDF1.top']);
    expect(kinds(detector.eventsOf(DEVICE, tree({ 'UDF1.top': { status: 'N/A' } }), AT))).toEqual([
      'alarm_off UDF1.top',
    ]);
  });

  it('reports sensor_disappeared with the last state of a sensor missing from the next tree', () => {
    const detector = new EventDetector();
    detector.eventsOf(DEVICE, tree({ 'UDF1.net.n1.5': { alarm: true } }), AT);
    const events = detector.eventsOf(DEVICE, tree({}, { without: ['UDF1.net.n1.5'] }), AT);
    expect(events).toEqual([
      {
        deviceId: DEVICE,
        ts: AT,
        kind: 'sensor_disappeared',
        sensorId: 'UDF1.net.n1.5',
        detail: { status: 'Alarm', alarm: true },
      },
    ]);
    expect(detector.eventsOf(DEVICE, tree({}, { without: ['UDF1.net.n1.5'] }), AT)).toEqual([]);
  });

  it('matches sensors by full id when the tree changes shape', () => {
    const detector = new EventDetector();
    detector.eventsOf(DEVICE, tree({ 'UDF1.temp.2': { alarm: true } }, { without: ['UDF1.temp.1'] }), AT);
    // temp.1 appears in front of temp.2: temp.2 keeps its alarm, temp.1 is new and in alarm.
    const events = detector.eventsOf(
      DEVICE,
      tree({ 'UDF1.temp.1': { alarm: true }, 'UDF1.temp.2': { alarm: true } }),
      AT,
    );
    expect(kinds(events)).toEqual(['alarm_on UDF1.temp.1']);
  });

  it('follows sensors by id, not by position, when their order changes', () => {
    const detector = new EventDetector();
    detector.eventsOf(DEVICE, tree({ 'UDF1.temp.1': { alarm: true } }), AT);
    const reordered = tree({ 'UDF1.temp.1': { alarm: true } });
    reordered.groups[0]?.sensors.reverse();
    expect(detector.eventsOf(DEVICE, reordered, AT)).toEqual([]);
  });

  it('reports the sensors already in alarm or warning in the first tree of a new device', () => {
    const detector = new EventDetector();
    const events = detector.eventsOf(
      DEVICE,
      tree({ 'UDF1.temp.1': { alarm: true }, 'UDF1.net.n1.5': { status: 'WARNING' } }),
      AT,
    );
    expect(kinds(events)).toEqual(['alarm_on UDF1.temp.1', 'warning_on UDF1.net.n1.5']);
  });

  it('compares the first tree after a restart with the stored tree it was seeded with', () => {
    const detector = new EventDetector();
    detector.seed(DEVICE, tree({ 'UDF1.temp.1': { alarm: true }, 'UDF1.temp.2': { alarm: true } }));
    const events = detector.eventsOf(DEVICE, tree({ 'UDF1.temp.1': { alarm: true } }), AT);
    expect(kinds(events)).toEqual(['alarm_off UDF1.temp.2']);
  });

  it('compares a device with no stored tree with nothing, even when others were seeded', () => {
    const detector = new EventDetector();
    detector.seed(DEVICE + 1, tree({ 'UDF1.temp.1': { alarm: true } }));
    expect(kinds(detector.eventsOf(DEVICE, tree({ 'UDF1.temp.1': { alarm: true } }), AT))).toEqual([
      'alarm_on UDF1.temp.1',
    ]);
  });

  it('keeps devices apart', () => {
    const detector = new EventDetector();
    detector.eventsOf(1, tree({ 'UDF1.top': { alarm: true } }), AT);
    expect(kinds(detector.eventsOf(2, tree({ 'UDF1.top': { alarm: true } }), AT))).toEqual([
      'alarm_on UDF1.top',
    ]);
    expect(detector.eventsOf(1, tree({ 'UDF1.top': { alarm: true } }), AT)).toEqual([]);
  });

  it('compares a forgotten device with nothing', () => {
    const detector = new EventDetector();
    detector.eventsOf(DEVICE, tree({ 'UDF1.top': { alarm: true } }), AT);
    detector.forget(DEVICE);
    expect(kinds(detector.eventsOf(DEVICE, tree({ 'UDF1.top': { alarm: true } }), AT))).toEqual([
      'alarm_on UDF1.top',
    ]);
  });

  describe('a node that lost communication (sensors N/A with the lost-communication state)', () => {
    const lost: SensorState = { status: 'N/A', value: null, state: SENSOR_STATE_TEXTS.lostCommunication };

    it('neither ends the alarm of its sensors nor reports it twice when it comes back still in alarm', () => {
      const detector = new EventDetector();
      detector.eventsOf(DEVICE, tree({ 'UDF1.net.n1.5': { alarm: true } }), AT);
      expect(detector.eventsOf(DEVICE, tree({ 'UDF1.net.n1.5': lost }), AT)).toEqual([]);
      expect(detector.eventsOf(DEVICE, tree({ 'UDF1.net.n1.5': lost }), AT)).toEqual([]);
      expect(detector.eventsOf(DEVICE, tree({ 'UDF1.net.n1.5': { alarm: true } }), AT)).toEqual([]);
    });

    it('reports alarm_off when it comes back clear', () => {
      const detector = new EventDetector();
      detector.eventsOf(DEVICE, tree({ 'UDF1.net.n1.5': { alarm: true } }), AT);
      detector.eventsOf(DEVICE, tree({ 'UDF1.net.n1.5': lost }), AT);
      expect(kinds(detector.eventsOf(DEVICE, tree(), AT))).toEqual(['alarm_off UDF1.net.n1.5']);
    });

    it('treats a sensor not scanned the same way', () => {
      const detector = new EventDetector();
      detector.eventsOf(DEVICE, tree({ 'UDF1.top': { status: 'WARNING' } }), AT);
      expect(detector.eventsOf(DEVICE, tree({ 'UDF1.top': { status: 'Not Scanned' } }), AT)).toEqual([]);
      expect(kinds(detector.eventsOf(DEVICE, tree(), AT))).toEqual(['warning_off UDF1.top']);
    });

    it('reports the alarm of a sensor first seen unreadable once it is read in alarm', () => {
      const detector = new EventDetector();
      expect(detector.eventsOf(DEVICE, tree({ 'UDF1.net.n1.5': lost }), AT)).toEqual([]);
      expect(kinds(detector.eventsOf(DEVICE, tree({ 'UDF1.net.n1.5': { alarm: true } }), AT))).toEqual([
        'alarm_on UDF1.net.n1.5',
      ]);
    });
  });
});
