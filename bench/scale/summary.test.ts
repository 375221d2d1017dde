import { describe, expect, it } from 'vitest';
import { buildConfiguration, buildScaleStep } from './fixtures';
import {
  formatScaleSummary,
  judgeRatio,
  orderComponents,
  type ScaleSummary,
  TARGET_TWO_TO_ONE,
  twoToOneRatio,
  withServerTotal,
} from './summary';

const one = buildConfiguration(1, [buildScaleStep({ devices: 400 })], 1);
const two = buildConfiguration(
  2,
  [
    buildScaleStep({
      devices: 360,
      treesByInstance: [1440, 1440],
      usage: { machineBusy: 0.95, cores: { 'vigil-1': 0.3, 'vigil-2': 0.3, redis: 0.02 } },
      microsPerPoint: { 'vigil-1': 8.3, 'vigil-2': 8.3, redis: 0.6 },
    }),
  ],
  1,
);

describe('twoToOneRatio', () => {
  it("is two instances' capacity over one's", () => {
    expect(twoToOneRatio([one, two])).toBeCloseTo(0.9);
  });

  it('is null when a configuration held no step', () => {
    expect(twoToOneRatio([one, buildConfiguration(2, [], null)])).toBeNull();
  });
});

describe('judgeRatio', () => {
  it(`passes at ${TARGET_TWO_TO_ONE} and above, fails below and without a ratio`, () => {
    expect(judgeRatio(TARGET_TWO_TO_ONE).pass).toBe(true);
    expect(judgeRatio(0.89).pass).toBe(false);
    expect(judgeRatio(null).pass).toBe(false);
  });
});

describe('withServerTotal and orderComponents', () => {
  it('adds up the instances and lists them first', () => {
    const figures = withServerTotal({ redis: 0.1, 'vigil-2': 3, 'vigil-1': 2 });
    expect(figures['vigil (all instances)']).toBe(5);
    expect(orderComponents(Object.keys(figures))).toEqual([
      'vigil-1',
      'vigil-2',
      'vigil (all instances)',
      'redis',
    ]);
  });
});

describe('formatScaleSummary', () => {
  it('prints both capacities, the ratio with the machine as its bound, the CPU per point and the verdict', () => {
    const summary: ScaleSummary = {
      date: '2026-11-28T12:00:00.000Z',
      machine: {
        cpus: 2,
        cpuModel: 'AMD EPYC',
        node: 'v20',
        database: 'PostgreSQL 15.20',
        broker: 'mosquitto version 2.0.11 (private)',
        commit: 'abc1234',
        loadAverageBefore: [1.5, 1, 0.5],
        loadAverageAfter: [2, 1, 0.5],
      },
      options: { mqttConsumers: null, sensors: 100, rate: 1 } as ScaleSummary['options'],
      background: null,
      configurations: [one, two],
      ratio: 0.9,
      target: judgeRatio(0.9),
      frames: null,
      dashboard: null,
      passed: true,
    };
    const text = formatScaleSummary(summary);
    expect(text).toContain('40,000');
    expect(text).toContain('36,000');
    expect(text).toMatch(/ratio two \/ one: 0\.90 × \(the machine's 2 cores bound it/);
    expect(text).toMatch(/vigil \(all instances\)\s+12\.50\s+0\.50\s+16\.60\s+0\.60/);
    expect(text).toContain('load average before 1.50 1.00 0.50');
    expect(text).toMatch(/^PASS {2}two instances ≥ 0\.9 ×/m);
  });
});
