import { describe, expect, it } from 'vitest';
import { rotationAngle } from './rotation';

describe('the rotate handle', () => {
  const center = { x: 100, y: 100 };
  it('reads 0 straight above, 90 to the right, -90 to the left and 180 below', () => {
    expect(rotationAngle(center, { x: 100, y: 0 })).toBe(0);
    expect(rotationAngle(center, { x: 200, y: 100 })).toBe(90);
    expect(rotationAngle(center, { x: 0, y: 100 })).toBe(-90);
    expect(Math.abs(rotationAngle(center, { x: 100, y: 200 }))).toBe(180);
  });
});
