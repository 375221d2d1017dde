import { describe, expect, it } from 'vitest';
import { usageBetween } from './machine-usage';

describe('usageBetween', () => {
  it('gives the busy share of the machine and the cores PostgreSQL used', () => {
    const start = { machineBusy: 1000, machineTotal: 4000, postgresTicks: new Map([[10, 50]]) };
    const end = {
      machineBusy: 1300,
      machineTotal: 4400,
      // pid 11 started in the window and counts in full.
      postgresTicks: new Map([
        [10, 150],
        [11, 50],
      ]),
    };
    expect(usageBetween(start, end, 2)).toEqual({ machineBusy: 0.75, postgresCores: 0.75 });
  });
});
