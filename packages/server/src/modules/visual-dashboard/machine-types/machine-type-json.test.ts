import { MachineTypeSchema } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { MACHINE_TYPES, type MachineType, sensorPointsFor } from './machine-type-catalog';
import { machineTypeJson, STATE_OF_PREFIX, THUMBS_KEYS } from './machine-type-json';

const url = (typeId: number, state: string, side: string, size: string) =>
  `/img/${typeId}/${state}-${side}-${size}.svg`;

/** Every key wire-formats names for a machine type (lines 98-100). */
const WIRE_KEYS = [
  'id',
  'name',
  'left_side_img',
  'right_side_img',
  'anchor_points',
  'sensor_points_left',
  'sensor_points_right',
  ...['', 'ok_', 'alarm_', 'warning_'].flatMap((prefix) =>
    ['left', 'right'].map((side) => `${prefix}${side}_side_img_thumbs`),
  ),
];

describe('machineTypeJson', () => {
  it('has every key of wire-formats and nothing else', () => {
    for (const type of MACHINE_TYPES) {
      expect(Object.keys(machineTypeJson(type, url)).sort()).toEqual([...WIRE_KEYS].sort());
    }
    expect([...THUMBS_KEYS].sort()).toEqual(WIRE_KEYS.filter((key) => key.endsWith('_thumbs')).sort());
  });

  it('is exactly the contract schema (MachineTypeSchema), the one definition of the wire shape', () => {
    for (const type of MACHINE_TYPES) {
      const json = machineTypeJson(type, url);
      expect(MachineTypeSchema.strict().parse(json)).toEqual(json);
    }
    expect(Object.keys(MachineTypeSchema.shape).sort()).toEqual([...WIRE_KEYS].sort());
  });

  it('fills the thumbs of each prefix with its state, side and the large size', () => {
    const elevator = MACHINE_TYPES[0] as MachineType;
    const json = machineTypeJson(elevator, url);
    expect(json.left_side_img).toBe('/img/1/stopped-left-large.svg');
    expect(json.right_side_img).toBe('/img/1/stopped-right-large.svg');
    expect(json.left_side_img_thumbs).toEqual({
      large: '/img/1/stopped-left-large.svg',
      small: '/img/1/stopped-left-small.svg',
      large_height: 320,
      large_width: 160,
    });
    expect(json.ok_right_side_img_thumbs.large).toBe('/img/1/running-right-large.svg');
    expect(json.warning_left_side_img_thumbs.small).toBe('/img/1/warning-left-small.svg');
    expect(json.alarm_right_side_img_thumbs.large).toBe('/img/1/alarm-right-large.svg');
    expect(STATE_OF_PREFIX).toEqual({ '': 'stopped', ok_: 'running', warning_: 'warning', alarm_: 'alarm' });
  });

  it('carries the left anchor points and both sides of the sensor points', () => {
    const belt = MACHINE_TYPES[1] as MachineType;
    const json = machineTypeJson(belt, url);
    expect(json.anchor_points).toEqual(
      belt.anchorPoints.map(({ id, x_coord, y_coord }) => ({ id, x_coord, y_coord })),
    );
    expect(json.sensor_points_left).toEqual(sensorPointsFor(belt, 'left'));
    expect(json.sensor_points_right).toEqual(sensorPointsFor(belt, 'right'));
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });
});
