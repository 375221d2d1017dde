import { describe, expect, it } from 'vitest';
import {
  highestHeld,
  judgeStep,
  nextDevices,
  type SearchConfig,
  type SearchStep,
  STEP_LIMITS,
  type StepFigures,
  searchEnding,
} from './capacity-search';

const config: SearchConfig = {
  startDevices: 200,
  maxDevices: 2500,
  growth: 1.5,
  resolution: 0.1,
  maxSteps: 12,
};

/** Runs the search against a server that holds every load up to `limit` devices. */
function searchUpTo(limit: number, search: SearchConfig = config): SearchStep[] {
  const history: SearchStep[] = [];
  for (let devices = nextDevices(history, search); devices !== null; devices = nextDevices(history, search)) {
    history.push({ devices, held: devices <= limit });
  }
  return history;
}

describe('nextDevices', () => {
  it('starts at the start load, grows by 1.5 while steps hold, then bisects', () => {
    const history = searchUpTo(800);
    expect(history.map((step) => step.devices)).toEqual([200, 300, 450, 675, 1013, 844, 760, 802]);
    expect(highestHeld(history)?.devices).toBe(760);
  });

  it('stops bisecting once the failed load is within 10 % above the held one', () => {
    const history: SearchStep[] = [
      { devices: 1000, held: true },
      { devices: 1500, held: false },
      { devices: 1250, held: false },
    ];
    expect(nextDevices(history, config)).toBe(1125);
    history.push({ devices: 1125, held: true });
    expect(nextDevices(history, config)).toBe(1188);
    expect(nextDevices([...history, { devices: 1188, held: false }], config)).toBeNull();
  });

  it('never offers more than the fleet and stops when the whole fleet held', () => {
    const search = { ...config, maxDevices: 500 };
    expect(searchUpTo(10_000, search).map((step) => step.devices)).toEqual([200, 300, 450, 500]);
  });

  it('halves the load when not even the first step held, and ends at one device', () => {
    expect(searchUpTo(60).map((step) => step.devices)).toEqual([200, 100, 50, 75, 63, 57, 60]);
    expect(highestHeld(searchUpTo(60))?.devices).toBe(60);
    expect(highestHeld(searchUpTo(0))).toBeNull();
    expect(searchUpTo(0).at(-1)?.devices).toBe(1);
  });

  it('goes on above a held step that lies above a failed one (a noisy machine)', () => {
    const history: SearchStep[] = [
      { devices: 200, held: true },
      { devices: 300, held: false },
      { devices: 350, held: true },
    ];
    expect(nextDevices(history, config)).toBe(525);
    expect(nextDevices([...history, { devices: 525, held: false }], config)).toBe(438);
  });

  it('stops after the most steps allowed', () => {
    expect(searchUpTo(100_000, { ...config, maxDevices: 1_000_000, maxSteps: 3 })).toHaveLength(3);
  });
});

const held: StepFigures = {
  offeredTrees: 20_000,
  sentTrees: 20_000,
  storedPoints: 2_000_000,
  pointsPerTree: 100,
  publishToStoredP99Ms: 600,
  eventLoopLagP99Ms: 40,
};

describe('judgeStep', () => {
  it('holds a step that stored what was sent, quickly enough', () => {
    expect(judgeStep(held, STEP_LIMITS)).toEqual({ held: true, reasons: [] });
    expect(judgeStep({ ...held, storedPoints: 1_960_000 }, STEP_LIMITS).held).toBe(true);
  });

  it('fails when fewer than 98 % of the points sent were stored', () => {
    expect(judgeStep({ ...held, storedPoints: 1_959_900 }, STEP_LIMITS)).toEqual({
      held: false,
      reasons: ['stored 97.9 % of sent'],
    });
  });

  it('fails when p99 publish → stored is over a second, or nothing was acknowledged', () => {
    expect(judgeStep({ ...held, publishToStoredP99Ms: 1000 }, STEP_LIMITS).held).toBe(true);
    expect(judgeStep({ ...held, publishToStoredP99Ms: 1450 }, STEP_LIMITS).reasons).toEqual([
      'p99 publish → stored 1,450 ms > 1,000 ms',
    ]);
    expect(judgeStep({ ...held, publishToStoredP99Ms: null }, STEP_LIMITS).reasons).toEqual([
      'no tree acknowledged',
    ]);
  });

  it('fails when skipped or disconnected slots kept the load from being sent', () => {
    const verdict = judgeStep({ ...held, sentTrees: 18_000, storedPoints: 1_800_000 }, STEP_LIMITS);
    expect(verdict.reasons).toEqual(['sent 90 % of offered']);
  });

  it('fails a step that sent nothing without dividing by zero', () => {
    const verdict = judgeStep(
      { ...held, sentTrees: 0, storedPoints: 0, publishToStoredP99Ms: null },
      STEP_LIMITS,
    );
    expect(verdict).toEqual({ held: false, reasons: ['nothing sent', 'sent 0 % of offered'] });
  });

  it('judges the event-loop lag only when asked to (the embedded PGlite search)', () => {
    const slow = { ...held, eventLoopLagP99Ms: 230 };
    expect(judgeStep(slow, STEP_LIMITS).held).toBe(true);
    const pglite = { ...STEP_LIMITS, eventLoopLagP99Ms: 100 };
    expect(judgeStep(slow, pglite).reasons).toEqual(['event-loop lag p99 230 ms ≥ 100 ms']);
    expect(judgeStep({ ...held, eventLoopLagP99Ms: null }, pglite).reasons).toEqual([
      'event-loop lag not reported',
    ]);
  });
});

describe('searchEnding', () => {
  it('says whether the server or the fleet set the limit', () => {
    expect(searchEnding(searchUpTo(800), config)).toMatch(/failed within 10 %/);
    expect(
      searchEnding(searchUpTo(10_000, { ...config, maxDevices: 500 }), { ...config, maxDevices: 500 }),
    ).toMatch(/whole fleet of 500/);
    expect(searchEnding(searchUpTo(0), config)).toMatch(/no load held/);
  });
});
