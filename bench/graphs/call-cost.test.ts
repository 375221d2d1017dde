import { describe, expect, it } from 'vitest';
import { costPerCall } from './call-cost';

describe('costPerCall', () => {
  it('divides the server seconds and the database sessions ticks spent by the calls', () => {
    const start = { serverSeconds: 10, databaseTicks: new Map([[100, 50]]) };
    const end = {
      serverSeconds: 12.5,
      databaseTicks: new Map([
        [100, 150],
        [200, 50], // a session opened meanwhile counts from its start
      ]),
    };
    expect(costPerCall(start, end, 10)).toEqual({ serverMs: 250, databaseMs: 150 });
  });

  it('is null where a figure is missing or no call was made', () => {
    const sample = { serverSeconds: null, databaseTicks: null };
    expect(costPerCall(sample, sample, 5)).toEqual({ serverMs: null, databaseMs: null });
    const full = { serverSeconds: 1, databaseTicks: new Map([[1, 1]]) };
    expect(costPerCall(full, full, 0)).toEqual({ serverMs: null, databaseMs: null });
  });
});
