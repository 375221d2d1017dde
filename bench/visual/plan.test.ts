import { describe, expect, it } from 'vitest';
import { gridSize, layoutGrid, planBindings } from './plan';

const sensors = (count: number) => Array.from({ length: count }, (_, at) => `D1.net1.n${at}.1`);
const TYPES = [
  { id: 1, pointIds: [101, 102, 103, 104, 105, 106] },
  { id: 2, pointIds: [201, 202, 203, 204, 205, 206] },
  { id: 3, pointIds: [301, 302, 303, 304] },
];

describe('planBindings', () => {
  it('adds machines when 60 machines of 6 points cannot hold 600 sensors: 100 machines of 6', () => {
    const plan = planBindings(sensors(600), TYPES, 60);
    expect(plan).toHaveLength(100);
    expect(plan.every((machine) => machine.bindings.length === 6)).toBe(true);
    expect(new Set(plan.map((machine) => machine.typeId))).toEqual(new Set([1, 2]));
  });

  it('binds every sensor exactly once, on points of its machine type', () => {
    const plan = planBindings(sensors(600), TYPES, 60);
    const bound = plan.flatMap((machine) => machine.bindings.map((binding) => binding.sensor));
    expect(bound).toEqual(sensors(600));
    for (const machine of plan) {
      const points = TYPES.find((type) => type.id === machine.typeId)?.pointIds ?? [];
      expect(machine.bindings.every((binding) => points.includes(binding.sensorPoint))).toBe(true);
    }
  });

  it('keeps the machines asked for when they hold the sensors, spreading them evenly', () => {
    const plan = planBindings(sensors(250), TYPES, 60);
    expect(plan).toHaveLength(60);
    expect(plan.map((machine) => machine.bindings.length).sort()).toEqual([
      ...Array(50).fill(4),
      ...Array(10).fill(5),
    ]);
  });

  it('refuses a catalog without sensor points', () => {
    expect(() => planBindings(sensors(10), [{ id: 9, pointIds: [] }], 1)).toThrow();
  });
});

describe('layoutGrid', () => {
  it('places 100 machines in 10 rows of 10 inside the canvas', () => {
    const cell = { width: 110, height: 110 };
    const cells = layoutGrid(100, 10, cell);
    const size = gridSize(100, 10, cell);
    expect(cells[0]).toEqual({ x: 10, y: 10 });
    expect(cells[11]).toEqual({ x: 120, y: 120 });
    expect(new Set(cells.map((c) => `${c.x},${c.y}`)).size).toBe(100);
    expect(Math.max(...cells.map((c) => c.x)) + cell.width).toBeLessThanOrEqual(size.width);
    expect(Math.max(...cells.map((c) => c.y)) + cell.height).toBeLessThanOrEqual(size.height);
  });
});
