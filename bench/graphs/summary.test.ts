import { describe, expect, it } from 'vitest';
import { formatSummary, type GraphsBenchSummary, latencyFigures, ratioOf, verdictOf } from './summary';

describe('latencyFigures', () => {
  it('gives count, median, p95, mean and maximum to 0.1 ms', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1.04);
    expect(latencyFigures(samples)).toEqual({ count: 100, p50Ms: 50, p95Ms: 95, meanMs: 50.5, maxMs: 100 });
    expect(latencyFigures([])).toEqual({ count: 0, p50Ms: null, p95Ms: null, meanMs: null, maxMs: null });
  });
});

describe('verdictOf and ratioOf', () => {
  it('passes under the limit only', () => {
    expect(verdictOf(120, 150)).toEqual({ limitMs: 150, p95Ms: 120, ratio: 0.8, pass: true });
    expect(verdictOf(150, 150).pass).toBe(false);
    expect(verdictOf(null, 150)).toEqual({ limitMs: 150, p95Ms: null, ratio: null, pass: false });
  });

  it('divides when both figures are there', () => {
    expect(ratioOf(90, 30)).toBe(3);
    expect(ratioOf(null, 30)).toBeNull();
    expect(ratioOf(90, 0)).toBeNull();
  });
});

const latency = { count: 50, p50Ms: 80, p95Ms: 95.5, meanMs: 82, maxMs: 120 };
const summary: GraphsBenchSummary = {
  date: '2026-11-24T02:00:00.000Z',
  machine: { cpus: 2, cpuModel: 'Xeon', node: 'v20.20.2', database: 'PostgreSQL 15.20', commit: 'abc1234' },
  options: {
    devices: 10,
    sensors: 100,
    days: 30,
    requests: 50,
    warmup: 5,
    clients: [1, 2],
    capacitySeconds: 15,
    reused: false,
  },
  load: {
    rows: 43_200_000,
    copySeconds: 200,
    rowsPerSecond: 216_000,
    rollupSeconds: 300,
    vacuumSeconds: 60,
    bytes: { sensor_readings: 4e9, sensor_rollups_1m: 5e9, sensor_rollups_1h: 1e8 },
    rollupRows: { minute: 43_200_000, hour: 720_000 },
    seconds: 580,
  },
  payload: {
    graphs: 25,
    series: 100,
    pointsMin: 720,
    pointsMax: 1440,
    pointsTotal: 100_000,
    nullPoints: 3,
    spikesShown: 80,
    spikesExpected: 80,
    bytes: 3_500_000,
    gzipBytes: 900_000,
  },
  graphOneDevice: latency,
  machineBusyDuringCalls: 0.55,
  graphCost: { serverMs: 61.25, databaseMs: 20 },
  graphSpread: { ...latency, p95Ms: 99 },
  countQuery: { ...latency, p50Ms: 30, p95Ms: 31.8, rows: 4_320_000 },
  graphToCount: 3.003,
  capacity: [
    {
      clients: 1,
      seconds: 15,
      requests: 180,
      errors: 0,
      perSecond: 12,
      latency,
      serverCores: 0.9,
      postgresCores: 0.2,
      machineBusy: 0.6,
      cost: { serverMs: 70, databaseMs: 15.5 },
    },
    {
      clients: 2,
      seconds: 15,
      requests: 240,
      errors: 1,
      perSecond: 16,
      latency,
      serverCores: null,
      postgresCores: null,
      machineBusy: null,
      cost: { serverMs: null, databaseMs: null },
    },
  ],
  target: verdictOf(95.5, 150),
};

describe('formatSummary', () => {
  it('prints the graph call beside the count, their ratio, the capacity and the verdict', () => {
    const text = formatSummary(summary);
    expect(text).toContain('43,200,000 rows in 200 s (216,000 rows/s, COPY)');
    expect(text).toContain('25 graphs, 100 series, 720–1440 points a series');
    expect(text).toContain('spikes shown 80 of 80');
    expect(text).toMatch(/graph call, one device\s+p50 80.0 ms, p95 95.5 ms/);
    expect(text).toMatch(/machine busy meanwhile\s+55 %/);
    expect(text).toMatch(/CPU per call\s+server 61.3 ms, PostgreSQL 20.0 ms/);
    expect(text).toMatch(/machine 60 % busy; CPU per call: server 70.0 ms, PostgreSQL 15.5 ms/);
    expect(text).toMatch(/count\(\*\) of its raw rows, 30 days\s+p50 30.0 ms, p95 31.8 ms.*4,320,000 rows/);
    expect(text).toMatch(/graph p95 ÷ count p95\s+3.00 ×/);
    expect(text).toMatch(
      /1 client, 15 s\s+12.0 calls\/s.*server 0.90 cores, PostgreSQL 0.20, machine 60 % busy/,
    );
    expect(text).toMatch(/2 clients, 15 s\s+16.0 calls\/s.*1 errors; server n\/a cores/);
    expect(text).toMatch(/target p95 < 150 ms\s+95.5 ms = 0.64 × the limit: PASS/);
  });

  it('says when the load figures are of the earlier run that loaded a reused database', () => {
    const reused = formatSummary({ ...summary, options: { ...summary.options, reused: true } });
    expect(reused).toMatch(/load \(earlier run, database reused\)\s+43,200,000 rows/);
  });

  it('says FAIL over the limit', () => {
    expect(formatSummary({ ...summary, target: verdictOf(151, 150) })).toMatch(/1.01 × the limit: FAIL/);
  });
});
