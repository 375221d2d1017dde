import { describe, expect, it } from 'vitest';
import { STEP_LIMITS } from './capacity-search';
import { parseBenchOptions } from './options';
import type { StepResult } from './run-step';
import { type BenchSummary, formatSummary } from './summary';
import { allPassed, evaluateTargets } from './targets';

function step(devices: number, changes: Partial<StepResult> = {}): StepResult {
  return {
    kind: 'search',
    devices,
    offeredPointsPerSecond: devices * 100,
    seconds: 20,
    window: { startAt: 0, measureFrom: 5000, measureTo: 25_000 },
    trees: {
      offered: devices * 20,
      sent: devices * 20,
      skippedInFlight: 0,
      skippedDisconnected: 0,
      acked: devices * 20,
      failedOrUnacknowledged: 0,
    },
    stored: {
      rows: devices * 2000,
      pointsPerSecond: devices * 100,
      seconds: { min: devices * 90, median: devices * 100, zeroSeconds: 0 },
    },
    publishToStored: { count: devices * 20, p50Ms: 300, p99Ms: 800, maxMs: 900 },
    publishToBrowser: { count: 400, p50Ms: 3, p99Ms: 120, maxMs: 200 },
    eventLoopLagP99Ms: 40,
    eventLoopLagMaxMs: 80,
    rejected: 0,
    serverCores: 0.7,
    serverWaitingCores: 0.3,
    serverRssMb: 500,
    postgresCores: 0.5,
    machineBusy: 0.8,
    loadGenerator: { cores: 0.2, eventLoopUtilisation: 0.3, scheduleLagP99Ms: 4 },
    databaseActivity: null,
    verdict: { held: true, reasons: [] },
    ...changes,
  };
}

const stalled = step(1500, {
  stored: { rows: 2_400_000, pointsPerSecond: 120_000, seconds: { min: 0, median: 125_000, zeroSeconds: 2 } },
  publishToStored: { count: 29_000, p50Ms: 900, p99Ms: 2400, maxMs: 3100 },
  verdict: { held: false, reasons: ['p99 publish → stored 2,400 ms > 1,000 ms'] },
});

function summary(final: StepResult | null): BenchSummary {
  const { databaseUrl: _u, resultsDir: _r, cpuProfileDir: _c, ...options } = parseBenchOptions([]);
  const ratioToCopy = 100_000 / 200_000;
  const targets = evaluateTargets({
    pglite: false,
    capacityPointsPerSecond: 100_000,
    capacityLagP99Ms: 40,
    ratioToCopy,
    final,
  });
  return {
    date: '2026-11-24T05:00:00.000Z',
    machine: { cpus: 2, cpuModel: 'Xeon', node: 'v20', database: 'PostgreSQL 15', commit: 'abc1234' },
    options,
    limits: STEP_LIMITS,
    steps: [step(1000), stalled],
    capacity: { devices: 1000, pointsPerSecond: 100_000, step: 1 },
    searchEnding: 'the next load up failed within 10 % above it',
    copyBaseline: {
      rows: 2_000_000,
      batchRows: 25_000,
      seconds: 10,
      rowsPerSecond: 200_000,
      postgresCpuMicrosPerRow: 4,
    },
    copyNote: null,
    ratioToCopy,
    receiveFloor: null,
    floorToCopy: null,
    cpuBudget: null,
    final,
    targets,
    passed: allPassed(targets),
  };
}

describe('formatSummary', () => {
  it('shows every step side by side, a stalled second as a count of zero-row seconds', () => {
    const text = formatSummary(summary(step(800, { kind: 'final' })));
    const lines = text.split('\n');
    expect(lines.find((line) => line.trimStart().startsWith('1 '))).toMatch(
      /1\s+1,000\s+100,000\s+20,000\s+0\s+100,000\s+90,000 \(0\)\s+300 ms \/ 800 ms\s+120 ms\s+40 ms\s+0\.70 \/ 0\.50\s+0\.30\s+80 %\s+held/,
    );
    expect(lines.find((line) => line.trimStart().startsWith('2 '))).toMatch(
      /120,000\s+0 \(2\).*FELL BEHIND: p99 publish → stored 2,400 ms > 1,000 ms/,
    );
    expect(text).toMatch(
      /capacity \(highest load held\)\s+100,000 points\/s stored \(1,000 devices, step 1\)/,
    );
    expect(text).toMatch(/capacity \/ COPY\s+0\.50/);
    expect(text).toMatch(/capacity \/ COPY ≥ 0\.6\s+FAIL \(0\.50\)/);
    expect(text).toMatch(/at 80 %: no second with zero rows stored\s+PASS \(0\)/);
    expect(text).toMatch(/verdict\s+FAIL/);
  });

  it('says why there is no capacity, COPY baseline or final run', () => {
    const text = formatSummary({
      ...summary(null),
      capacity: null,
      copyBaseline: null,
      copyNote: 'no step stored a row to model on',
      ratioToCopy: null,
    });
    expect(text).toMatch(/none: not even the smallest load held/);
    expect(text).toMatch(/COPY baseline, same rows\s+n\/a \(no step stored a row to model on\)/);
    expect(text).toMatch(/run at 80 % of capacity\s+not run/);
  });
});

describe('formatSummary, the receiving floor', () => {
  const floorStep = (devices: number, held: boolean) => ({
    devices,
    offeredPointsPerSecond: devices * 100,
    receivedPointsPerSecond: held ? devices * 100 : devices * 80,
    sentShare: held ? 1 : 0.85,
    ackP99Ms: held ? 300 : 1700,
    generatorCores: 0.9,
    receiverCores: 0.6,
    held,
  });

  it('shows the floor beside the COPY baseline, and says when the target is above it', () => {
    const text = formatSummary({
      ...summary(null),
      receiveFloor: {
        steps: [floorStep(1000, true), floorStep(1500, false)],
        floor: { devices: 1000, pointsPerSecond: 100_000 },
        searchEnding: 'the next load up failed within 10 % above it',
      },
      floorToCopy: 0.5,
    });
    expect(text).toMatch(
      /receiving floor \(parse only, nothing stored\)\s+100,000 points\/s \(1,000 devices; cores: load generator 0\.90, broker 0\.60\)/,
    );
    expect(text).toMatch(/floor \/ COPY\s+0\.50/);
    expect(text).toMatch(
      /below the 0\.6 × COPY target: no server receiving these trees on this machine can reach it/,
    );
  });

  it('says nothing of the target when the floor is above it, and nothing at all when not measured', () => {
    const measured = formatSummary({
      ...summary(null),
      receiveFloor: {
        steps: [floorStep(1000, true)],
        floor: { devices: 1000, pointsPerSecond: 100_000 },
        searchEnding: '',
      },
      floorToCopy: 0.7,
    });
    expect(measured).toMatch(/floor \/ COPY\s+0\.70/);
    expect(measured).not.toMatch(/below the 0\.6/);
    expect(formatSummary(summary(null))).not.toMatch(/receiving floor/);
  });
});

describe('formatSummary, the CPU budget at the target', () => {
  const budget = {
    share: 0.6,
    targetPointsPerSecond: 120_000,
    cpus: 2,
    budgetMicros: 16.67,
    generatorMicros: 4,
    receivingMicros: 3,
    copyMicros: 4,
    leftMicros: 5.67,
    restAtCapacityMicros: 11.34,
  };

  it('shows what a point may cost, what is spoken for, what is left and what is spent on it today', () => {
    const text = formatSummary({ ...summary(null), cpuBudget: budget });
    expect(text).toMatch(
      /CPU a point may cost at 0\.6 × COPY\s+16\.7 µs of a core \(120,000 points\/s on 2 cores\)/,
    );
    expect(text).toMatch(
      /spoken for\s+load generator 4\.0 µs, receiving and parsing 3\.0 µs, PostgreSQL's COPY 4\.0 µs/,
    );
    expect(text).toMatch(/left for all else a reading needs\s+5\.7 µs/);
    expect(text).toMatch(
      /all else, spent at capacity\s+11\.3 µs \(server and PostgreSQL, 2\.0 × what is left\)/,
    );
  });

  it('says nothing is left when the spoken-for work fills the budget, and prints nothing unmeasured', () => {
    const text = formatSummary({ ...summary(null), cpuBudget: { ...budget, leftMicros: -1 } });
    expect(text).toMatch(/left for all else a reading needs\s+nothing/);
    expect(text).toMatch(/all else, spent at capacity\s+11\.3 µs \(server and PostgreSQL\)/);
    expect(formatSummary(summary(null))).not.toMatch(/CPU a point may cost/);
  });
});

describe('evaluateTargets', () => {
  const final = step(800, { kind: 'final' });

  it('passes PostgreSQL at 0.6 of COPY with a clean run at 80 %, the 0.8 stretch not judged', () => {
    const targets = evaluateTargets({
      pglite: false,
      capacityPointsPerSecond: 130_000,
      capacityLagP99Ms: 40,
      ratioToCopy: 0.65,
      final,
    });
    expect(targets.map((t) => [t.pass, t.counts])).toEqual([
      [true, true],
      [false, false],
      [true, true],
      [true, true],
      [true, true],
    ]);
    expect(allPassed(targets)).toBe(true);
  });

  it('fails on a zero-row second at 80 %, or on a run that could not be made', () => {
    const zero = step(800, {
      stored: { rows: 1, pointsPerSecond: 1, seconds: { min: 0, median: 1, zeroSeconds: 1 } },
    });
    const input = { pglite: false, capacityPointsPerSecond: 1, capacityLagP99Ms: 1, ratioToCopy: 0.7 };
    expect(allPassed(evaluateTargets({ ...input, final: zero }))).toBe(false);
    expect(allPassed(evaluateTargets({ ...input, final: null }))).toBe(false);
    expect(allPassed(evaluateTargets({ ...input, ratioToCopy: null, final }))).toBe(false);
  });

  it('judges PGlite on 20,000 points/s with lag p99 under 100 ms, its run at 80 % reported only', () => {
    const input = { pglite: true, capacityLagP99Ms: 60, ratioToCopy: null, final: null };
    expect(allPassed(evaluateTargets({ ...input, capacityPointsPerSecond: 21_000 }))).toBe(true);
    expect(allPassed(evaluateTargets({ ...input, capacityPointsPerSecond: 19_000 }))).toBe(false);
    expect(
      allPassed(evaluateTargets({ ...input, capacityPointsPerSecond: 21_000, capacityLagP99Ms: 100 })),
    ).toBe(false);
  });
});
