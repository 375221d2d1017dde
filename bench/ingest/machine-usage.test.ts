import { describe, expect, it } from 'vitest';
import { sampleUsage, usageBetween } from './machine-usage';

describe('usageBetween', () => {
  it('gives the busy share of the machine and the cores PostgreSQL used', () => {
    const start = { machineBusy: 1000, machineTotal: 4000, postgresTicks: new Map([[10, 50]]), waitNs: null };
    const end = {
      machineBusy: 1300,
      machineTotal: 4400,
      // pid 11 started in the window and counts in full.
      postgresTicks: new Map([
        [10, 150],
        [11, 50],
      ]),
      waitNs: null,
    };
    expect(usageBetween(start, end, 2)).toEqual({
      machineBusy: 0.75,
      postgresCores: 0.75,
      waitingCores: null,
    });
  });

  it('gives the seconds per second the watched process waited for a CPU', () => {
    const sample = { machineBusy: 0, machineTotal: 0, postgresTicks: new Map<number, number>() };
    const figures = usageBetween({ ...sample, waitNs: 1e9 }, { ...sample, waitNs: 4e9 }, 2);
    expect(figures.waitingCores).toBe(1.5);
  });

  it('reads its own wait from /proc on Linux', async () => {
    const sample = await sampleUsage(process.pid);
    if (sample !== null) {
      expect(sample.waitNs).toBeGreaterThanOrEqual(0);
    }
  });
});
