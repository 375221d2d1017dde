import { describe, expect, it } from 'vitest';
import {
  anchorPointsFor,
  MACHINE_SIDES,
  MACHINE_TYPES,
  type MachineType,
  sensorPointsFor,
} from './machine-type-catalog';

const ISSUE_TYPES = [
  'Bucket Elevator',
  'Belt Conveyor',
  'Screw Conveyor',
  'Drag Conveyor',
  'Hopper / Silo',
  'Fan',
  'Motor / Gearbox',
  'Grain Dryer',
];

function allPoints(type: MachineType) {
  return MACHINE_SIDES.flatMap((side) => [...anchorPointsFor(type, side), ...sensorPointsFor(type, side)]);
}

describe('machine type catalog', () => {
  it('has the eight types of the issue with the stable ids 1..8', () => {
    expect(MACHINE_TYPES.map((type) => type.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(MACHINE_TYPES.map((type) => type.name)).toEqual(ISSUE_TYPES);
    expect(new Set(MACHINE_TYPES.map((type) => type.slug)).size).toBe(8);
  });

  it('gives every type anchor points and sensor points, with a bucket elevator the issue would recognise', () => {
    for (const type of MACHINE_TYPES) {
      expect(type.anchorPoints.length, type.name).toBeGreaterThanOrEqual(1);
      expect(type.sensorPoints.length, type.name).toBeGreaterThanOrEqual(4);
    }
    const elevator = MACHINE_TYPES[0];
    expect(elevator?.sensorPoints.map((point) => point.label)).toEqual([
      'Head Left Alignment',
      'Head Left Bearing Temperature',
      'Tail Left Alignment',
      'Boot Left Bearing Temperature',
      'Belt Speed',
      'Plug Switch',
      'Head Right Alignment',
      'Head Right Bearing Temperature',
      'Tail Right Alignment',
      'Boot Right Bearing Temperature',
    ]);
  });

  it('keeps anchor and sensor point ids unique within each type and across the library', () => {
    const ids = MACHINE_TYPES.flatMap((type) =>
      [...type.anchorPoints, ...type.sensorPoints].map((p) => p.id),
    );
    expect(new Set(ids).size).toBe(ids.length);
    for (const type of MACHINE_TYPES) {
      for (const point of type.sensorPoints) {
        expect(Math.floor(point.id / 100), point.label).toBe(type.id);
        expect(point.id % 100, point.label).toBeLessThan(50);
      }
      for (const point of type.anchorPoints) {
        expect(Math.floor(point.id / 100), point.name).toBe(type.id);
        expect(point.id % 100, point.name).toBeGreaterThan(50);
      }
      const labels = type.sensorPoints.map((point) => point.label);
      expect(new Set(labels).size, type.name).toBe(labels.length);
    }
  });

  it('puts every point, on both sides, inside the drawing in whole pixels', () => {
    for (const type of MACHINE_TYPES) {
      for (const point of allPoints(type)) {
        const where = `${type.name} ${point.id}`;
        expect(Number.isInteger(point.x_coord) && Number.isInteger(point.y_coord), where).toBe(true);
        expect(point.x_coord, where).toBeGreaterThanOrEqual(0);
        expect(point.x_coord, where).toBeLessThanOrEqual(type.width);
        expect(point.y_coord, where).toBeGreaterThanOrEqual(0);
        expect(point.y_coord, where).toBeLessThanOrEqual(type.height);
      }
    }
  });

  it('mirrors the right side from the left: same ids, labels and heights, x across the width', () => {
    for (const type of MACHINE_TYPES) {
      const mirrored = <T extends { x_coord: number }>(points: T[]) =>
        points.map((point) => ({ ...point, x_coord: type.width - point.x_coord }));
      expect(sensorPointsFor(type, 'right')).toEqual(mirrored(sensorPointsFor(type, 'left')));
      expect(anchorPointsFor(type, 'right')).toEqual(mirrored(anchorPointsFor(type, 'left')));
      expect(sensorPointsFor(type, 'right')).not.toEqual(sensorPointsFor(type, 'left'));
    }
  });

  it('hands out the wire fields only: no kind or name leaks onto the wire', () => {
    const type = MACHINE_TYPES[0] as MachineType;
    expect(Object.keys(sensorPointsFor(type, 'left')[0] ?? {})).toEqual([
      'id',
      'label',
      'x_coord',
      'y_coord',
    ]);
    expect(Object.keys(anchorPointsFor(type, 'right')[0] ?? {})).toEqual(['id', 'x_coord', 'y_coord']);
  });
});
