import { describe, expect, it } from 'vitest';
import { percentile, summariseLatencies, summariseSeconds } from './stats';

describe('percentile', () => {
  it('takes the nearest rank of the sorted samples', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(samples, 0.5)).toBe(50);
    expect(percentile(samples, 0.99)).toBe(99);
    expect(percentile(samples, 1)).toBe(100);
    expect(percentile([7], 0.99)).toBe(7);
  });

  it('has nothing to say without samples', () => {
    expect(summariseLatencies([])).toEqual({ count: 0, p50Ms: null, p99Ms: null, maxMs: null });
  });
});

describe('summariseSeconds', () => {
  it('counts the seconds that stored nothing and reports the slowest as 0', () => {
    expect(summariseSeconds([900, 0, 1000, 0, 1100])).toEqual({ min: 0, median: 900, zeroSeconds: 2 });
  });

  it('has no slowest second in an empty window', () => {
    expect(summariseSeconds([])).toEqual({ min: null, median: null, zeroSeconds: 0 });
  });
});
