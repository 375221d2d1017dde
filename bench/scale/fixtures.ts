import type { ScaleStep } from './scale-step';
import type { ConfigurationResult } from './search';

/** A step of `devices` at 100 points a device, held unless told; for the summary's and search's tests. */
export function buildScaleStep(overrides: Partial<ScaleStep> & { devices: number }): ScaleStep {
  const points = overrides.devices * 100;
  return {
    offeredPointsPerSecond: points,
    seconds: 8,
    window: { startAt: 0, measureFrom: 4000, measureTo: 12_000 },
    trees: { offered: overrides.devices * 8, sent: overrides.devices * 8 },
    stored: {
      rows: points * 8,
      pointsPerSecond: points,
      seconds: { min: points, median: points, zeroSeconds: 0 },
    },
    treesByInstance: [overrides.devices * 8],
    publishToBrowser: { count: 80, p50Ms: 20, p99Ms: 90, maxMs: 120 },
    rejected: 0,
    usage: { machineBusy: 0.9, cores: { 'vigil-1': 0.5, redis: 0.01 } },
    microsPerPoint: { 'vigil-1': (0.5 / points) * 1e6, redis: (0.01 / points) * 1e6 },
    drainMs: 10,
    verdict: { held: true, reasons: [] },
    ...overrides,
  };
}

export function buildConfiguration(
  instances: number,
  steps: ScaleStep[],
  capacityStep: number | null,
): ConfigurationResult {
  const step = capacityStep === null ? undefined : steps[capacityStep - 1];
  return {
    instances,
    steps,
    capacity:
      step === undefined
        ? null
        : {
            devices: step.devices,
            pointsPerSecond: step.stored.pointsPerSecond ?? 0,
            step: capacityStep ?? 0,
          },
    searchEnding: 'the next load up failed within 10 % above it',
  };
}
