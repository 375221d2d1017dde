/** The q-quantile (0..1) of the samples by the nearest-rank method; null without samples. */
export function percentile(samples: readonly number[], q: number): number | null {
  if (samples.length === 0) {
    return null;
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1] ?? null;
}

export type LatencySummary = {
  count: number;
  p50Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
};

const tenth = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/** Count, median, p99 and maximum, rounded to 0.1 ms. */
export function summariseLatencies(samples: readonly number[]): LatencySummary {
  return {
    count: samples.length,
    p50Ms: tenth(percentile(samples, 0.5)),
    p99Ms: tenth(percentile(samples, 0.99)),
    maxMs: tenth(percentile(samples, 1)),
  };
}

export type SecondsSummary = {
  /** The slowest whole second; 0 when one stored nothing. */
  min: number | null;
  median: number | null;
  /** Whole seconds of the window in which nothing was stored (a stall, counted, never an error). */
  zeroSeconds: number;
};

/** Slowest, median and zero-row seconds of rows stored per whole second of a window. */
export function summariseSeconds(perSecond: readonly number[]): SecondsSummary {
  return {
    min: perSecond.length === 0 ? null : Math.min(...perSecond),
    median: percentile(perSecond, 0.5),
    zeroSeconds: perSecond.filter((rows) => rows === 0).length,
  };
}
