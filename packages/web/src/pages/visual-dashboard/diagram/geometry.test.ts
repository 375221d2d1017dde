import type { MachineTypeJson, MachineTypeThumbs } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { anchorPosition, machinePictureUrl, machineSize, polylinePoints, viewTransform } from './geometry';

const thumbs = (name: string): MachineTypeThumbs => ({
  large: `/${name}.svg`,
  small: `/${name}-64.svg`,
  large_width: 160,
  large_height: 320,
});

const elevator: MachineTypeJson = {
  id: 1,
  name: 'Bucket Elevator',
  left_side_img: '/left.svg',
  right_side_img: '/right.svg',
  anchor_points: [{ id: 151, x_coord: 20, y_coord: 300 }],
  sensor_points_left: [],
  sensor_points_right: [],
  left_side_img_thumbs: thumbs('left'),
  right_side_img_thumbs: thumbs('right'),
  ok_left_side_img_thumbs: thumbs('ok-left'),
  ok_right_side_img_thumbs: thumbs('ok-right'),
  warning_left_side_img_thumbs: thumbs('warning-left'),
  warning_right_side_img_thumbs: thumbs('warning-right'),
  alarm_left_side_img_thumbs: thumbs('alarm-left'),
  alarm_right_side_img_thumbs: thumbs('alarm-right'),
};

describe('diagram geometry', () => {
  it('sizes a machine by its scale', () => {
    expect(machineSize(elevator, 0.5)).toEqual({ width: 80, height: 160 });
  });

  it('places an anchor from the top-left corner, mirrored on a flipped machine', () => {
    const machine = { x_coord: 100, y_coord: 50, scale: 0.5, flip: false };
    expect(anchorPosition(machine, elevator, 151)).toEqual({ x: 110, y: 200 });
    expect(anchorPosition({ ...machine, flip: true }, elevator, 151)).toEqual({ x: 170, y: 200 });
    expect(anchorPosition(machine, elevator, 999)).toBeNull();
  });

  it('picks the picture of the state and side (plain = stopped, ok_ = running)', () => {
    expect(machinePictureUrl(elevator, 'stopped', false)).toBe('/left.svg');
    expect(machinePictureUrl(elevator, 'running', true)).toBe('/ok-right.svg');
    expect(machinePictureUrl(elevator, 'alarm', false)).toBe('/alarm-left.svg');
  });

  it('scales by zoom/100 and offsets the live view', () => {
    expect(viewTransform({ width: 800, height: 600, zoom: 50, offset_x: 10, offset_y: 0 })).toEqual({
      transform: 'translate(10px, 0px) scale(0.5)',
      width: 410,
      height: 300,
    });
    expect(
      polylinePoints([
        { x: 1.234, y: 2 },
        { x: 3, y: 4 },
      ]),
    ).toBe('1.2,2 3,4');
  });
});
