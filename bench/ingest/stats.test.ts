import { describe, expect, it } from 'vitest';
import { percentile, summariseLatencies } from './stats';

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
