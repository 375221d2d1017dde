import { describe, expect, it } from 'vitest';
import { buildScaleStep } from './fixtures';
import { capacityOf } from './search';

describe('capacityOf', () => {
  it('is the held step with the most devices, with the points it was offered', () => {
    const steps = [
      buildScaleStep({ devices: 200 }),
      buildScaleStep({ devices: 300, verdict: { held: false, reasons: ['stored 90 % of sent'] } }),
      buildScaleStep({
        devices: 250,
        stored: { rows: 216_000, pointsPerSecond: 27_000, seconds: null },
      }),
    ];
    expect(capacityOf(steps)).toEqual({ devices: 250, pointsPerSecond: 25_000, step: 3 });
  });

  it('is null when no step held', () => {
    expect(
      capacityOf([buildScaleStep({ devices: 10, verdict: { held: false, reasons: ['x'] } })]),
    ).toBeNull();
  });
});
