import { describe, expect, it } from 'vitest';
import { componentCoresBetween, microsPerUnit, sampleComponents } from './component-usage';

describe('componentCoresBetween', () => {
  it('gives each component its cores, a process started in the window counting in full', () => {
    const start = {
      machineBusy: 100,
      machineTotal: 400,
      ticks: new Map([
        ['vigil-1', new Map([[10, 500]])],
        ['postgres', new Map([[20, 100]])],
      ]),
    };
    const end = {
      machineBusy: 250,
      machineTotal: 800,
      ticks: new Map([
        ['vigil-1', new Map([[10, 700]])],
        [
          'postgres',
          new Map([
            [20, 150],
            [21, 50],
          ]),
        ],
      ]),
    };
    expect(componentCoresBetween(start, end, 2)).toEqual({
      machineBusy: 0.375,
      cores: { 'vigil-1': 1, postgres: 0.5 },
    });
  });
});

describe('microsPerUnit', () => {
  it('turns cores into µs of one core per point', () => {
    const figures = microsPerUnit({ 'vigil-1': 0.5, redis: 0.01 }, 100_000);
    expect(figures?.['vigil-1']).toBeCloseTo(5);
    expect(figures?.redis).toBeCloseTo(0.1);
  });

  it('has nothing to divide without points', () => {
    expect(microsPerUnit({ 'vigil-1': 0.5 }, 0)).toBeNull();
  });
});

describe('sampleComponents', () => {
  it('reads its own process from /proc on Linux', async () => {
    const sample = await sampleComponents([{ name: 'me', pids: async () => [process.pid] }]);
    if (sample !== null) {
      expect(sample.ticks.get('me')?.get(process.pid)).toBeGreaterThanOrEqual(0);
      expect(sample.machineTotal).toBeGreaterThan(0);
    }
  });
});
