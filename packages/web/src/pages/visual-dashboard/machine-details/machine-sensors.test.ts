import type { MachineDetail, MachineGraph, MachineTypeJson, Sensor } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import type { LiveReadings } from '../diagram/live-readings';
import { freshnessOf } from '../live-view/live-state';
import { lastDaySpanOf, machineSensorRowsOf, newestAlarmOf } from './machine-sensors';

const thumbs = { large: '', small: '', large_height: 100, large_width: 50 };
const type = {
  id: 1,
  name: 'Bucket Elevator',
  left_side_img: '',
  right_side_img: '',
  anchor_points: [],
  sensor_points_left: [
    { id: 101, label: 'Head Pulley Alignment', x_coord: 1, y_coord: 1 },
    { id: 102, label: 'Head Bearing Temperature', x_coord: 2, y_coord: 2 },
  ],
  sensor_points_right: [],
  left_side_img_thumbs: thumbs,
  right_side_img_thumbs: thumbs,
  ok_left_side_img_thumbs: thumbs,
  ok_right_side_img_thumbs: thumbs,
  warning_left_side_img_thumbs: thumbs,
  warning_right_side_img_thumbs: thumbs,
  alarm_left_side_img_thumbs: thumbs,
  alarm_right_side_img_thumbs: thumbs,
} satisfies MachineTypeJson;

const bound = (point: number, id: string) => ({
  sensor_point: point,
  sensor: { id, name: `Sensor ${id}`, group_name: 'Head', device: { name: 'Leg Controller' } },
});

const machine: MachineDetail = {
  id: 7,
  name: 'Leg 1',
  x_coord: 0,
  y_coord: 0,
  scale: 1,
  flip: false,
  type_of_machine: type,
  sensors: [bound(102, 'A.head.2'), bound(101, 'A.head.1')],
  system_state_sensor: 'A.sys.1',
  schema: { id: 1, name: 'Plant', location: { id: 1, title: 'Mill' } },
  schema_tab: { id: 2, name: 'Receiving' },
};

const sensor: Sensor = {
  Id: 1,
  Name: 'Running',
  Type: 'BOOL',
  Value: 1,
  Status: 'OK',
  Alarm: false,
  Meta: {},
};
const readings: LiveReadings = new Map([['A.sys.1', { sensor, deviceId: 'A', time: 0 }]]);

describe('machineSensorRowsOf', () => {
  it('lists the bound sensors in sensor-point order with their labels, then the running-state sensor', () => {
    const rows = machineSensorRowsOf(
      machine,
      readings,
      freshnessOf(true, []),
      { 'A.head.1': { event_type: 'Alarm Detected', date_created: 100 } },
      (udfId) => (udfId === 'A' ? 'Leg Controller' : undefined),
    );
    expect(rows.map((row) => [row.pointLabel, row.id, row.view.value, row.lastAlarm])).toEqual([
      ['Head Pulley Alignment', 'A.head.1', 'No data', 100],
      ['Head Bearing Temperature', 'A.head.2', 'No data', null],
      ['Running state', 'A.sys.1', 'On', null],
    ]);
    expect(rows[0]).toMatchObject({
      name: 'Sensor A.head.1',
      groupName: 'Head',
      deviceName: 'Leg Controller',
    });
    expect(rows[2]).toMatchObject({ name: 'Running', deviceName: 'Leg Controller' });
  });
});

describe('newestAlarmOf', () => {
  it('is the newest alarm across the sensors, or null', () => {
    expect(
      newestAlarmOf({ a: { event_type: 'x', date_created: 5 }, b: { event_type: 'x', date_created: 9 } }),
    ).toBe(9);
    expect(newestAlarmOf({})).toBeNull();
  });
});

describe('lastDaySpanOf', () => {
  it('spans the 24 hours up to now', () => {
    const graph = { series: [{ data: [[1_000, 1, false, '']] }] } as unknown as MachineGraph;
    expect(lastDaySpanOf([graph], 90_000_000)).toEqual({ from: 90_000_000 - 86_400_000, to: 90_000_000 });
  });
});
