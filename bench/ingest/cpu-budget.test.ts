import { describe, expect, it } from 'vitest';
import type { CopyBaselineResult } from './copy-baseline';
import { cpuBudget } from './cpu-budget';
import type { FloorStep } from './receive-floor';

const copy: CopyBaselineResult = {
  rows: 1_000_000,
  batchRows: 10_000,
  seconds: 4,
  rowsPerSecond: 250_000,
  postgresCpuMicrosPerRow: 3,
};

function floorStep(points: number, generatorCores: number, receiverCores: number, held = true): FloorStep {
  return {
    devices: points / 100,
    offeredPointsPerSecond: points,
    receivedPointsPerSecond: points,
    sentShare: held ? 1 : 0.8,
    ackP99Ms: held ? 100 : 1500,
    generatorCores,
    receiverCores,
    held,
  };
}

const capacity = {
  serverCores: 0.5,
  postgresCores: 0.5,
  stored: { rows: 1_000_000, pointsPerSecond: 50_000, seconds: null },
};

describe('cpuBudget', () => {
  it('subtracts the cheapest held floor step per point and the COPY CPU from the target budget', () => {
    const budget = cpuBudget({
      share: 0.6,
      cpus: 2,
      copy,
      // 5 and 4 µs a point for the generator, 4 and 3 for the broker; the step that fell behind is cheaper
      // still and does not count.
      floorSteps: [
        floorStep(100_000, 0.5, 0.4),
        floorStep(200_000, 0.8, 0.6),
        floorStep(300_000, 0.3, 0.3, false),
      ],
      capacity,
    });
    expect(budget).not.toBeNull();
    expect(budget?.targetPointsPerSecond).toBe(150_000);
    expect(budget?.budgetMicros).toBeCloseTo(13.333, 3);
    expect(budget?.generatorMicros).toBeCloseTo(4, 6);
    expect(budget?.receivingMicros).toBeCloseTo(3, 6);
    expect(budget?.copyMicros).toBe(3);
    expect(budget?.leftMicros).toBeCloseTo(3.333, 3);
    // (0.5 + 0.5) cores / 50,000 points = 20 µs, less receiving 3 and COPY 3.
    expect(budget?.restAtCapacityMicros).toBeCloseTo(14, 6);
  });

  it('is null without the COPY CPU or a held floor step, and leaves the capacity figure out when unmeasured', () => {
    const steps = [floorStep(100_000, 0.5, 0.4)];
    expect(cpuBudget({ share: 0.6, cpus: 2, copy: null, floorSteps: steps, capacity })).toBeNull();
    expect(
      cpuBudget({
        share: 0.6,
        cpus: 2,
        copy: { ...copy, postgresCpuMicrosPerRow: null },
        floorSteps: steps,
        capacity,
      }),
    ).toBeNull();
    expect(
      cpuBudget({ share: 0.6, cpus: 2, copy, floorSteps: [floorStep(100_000, 0.5, 0.4, false)], capacity }),
    ).toBeNull();
    const noCapacity = cpuBudget({ share: 0.6, cpus: 2, copy, floorSteps: steps, capacity: null });
    expect(noCapacity?.restAtCapacityMicros).toBeNull();
    const unmeasured = cpuBudget({
      share: 0.6,
      cpus: 2,
      copy,
      floorSteps: steps,
      capacity: { ...capacity, postgresCores: null },
    });
    expect(unmeasured?.restAtCapacityMicros).toBeNull();
  });
});
