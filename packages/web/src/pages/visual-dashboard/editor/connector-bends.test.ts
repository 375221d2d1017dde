import { describe, expect, it } from 'vitest';
import {
  addBend,
  BENDS_PER_CONNECTOR,
  bendInsertIndex,
  distanceToSegment,
  moveBend,
  removeBend,
} from './connector-bends';

const start = { x: 0, y: 0 };
const end = { x: 100, y: 0 };

describe('distanceToSegment', () => {
  it('measures to the nearest point of the segment, its ends included', () => {
    expect(distanceToSegment({ x: 50, y: 10 }, start, end)).toBe(10);
    expect(distanceToSegment({ x: -30, y: 40 }, start, end)).toBe(50);
    expect(distanceToSegment({ x: 3, y: 4 }, start, start)).toBe(5);
  });
});

describe("a connector's bends", () => {
  it('adds a bend on a straight line where the person double-clicked, in whole px', () => {
    expect(addBend(start, [], end, { x: 40.4, y: 0.6 })).toEqual([{ x: 40, y: 1 }]);
  });

  it('puts a new bend between the bends of the segment it lies on', () => {
    const bends = [
      { x: 0, y: 100 },
      { x: 100, y: 100 },
    ];
    // start → (0,100) → (100,100) → end: the middle segment runs along y = 100.
    expect(bendInsertIndex(start, bends, end, { x: 50, y: 98 })).toBe(1);
    expect(addBend(start, bends, end, { x: 50, y: 98 })).toEqual([
      { x: 0, y: 100 },
      { x: 50, y: 98 },
      { x: 100, y: 100 },
    ]);
    expect(bendInsertIndex(start, bends, end, { x: 2, y: 30 })).toBe(0);
    expect(bendInsertIndex(start, bends, end, { x: 99, y: 40 })).toBe(2);
  });

  it(`refuses a bend past ${BENDS_PER_CONNECTOR} a connector, the save's limit`, () => {
    const full = Array.from({ length: BENDS_PER_CONNECTOR }, (_, index) => ({ x: index, y: 5 }));
    expect(addBend(start, full, end, { x: 50, y: 0 })).toBeNull();
    expect(addBend(start, full.slice(1), end, { x: 50, y: 0 })).toHaveLength(BENDS_PER_CONNECTOR);
  });

  it('moves one bend and leaves the others', () => {
    const bends = [
      { x: 10, y: 10 },
      { x: 20, y: 20 },
    ];
    expect(moveBend(bends, 1, { x: 25.2, y: 31.7 })).toEqual([
      { x: 10, y: 10 },
      { x: 25, y: 32 },
    ]);
    expect(bends[1]).toEqual({ x: 20, y: 20 });
  });

  it('removes one bend', () => {
    const bends = [
      { x: 10, y: 10 },
      { x: 20, y: 20 },
      { x: 30, y: 30 },
    ];
    expect(removeBend(bends, 1)).toEqual([
      { x: 10, y: 10 },
      { x: 30, y: 30 },
    ]);
    expect(removeBend(bends, 5)).toEqual(bends);
  });
});
