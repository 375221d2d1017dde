import { escalationPolicyProblems } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { escalationResult } from './escalation-example';
import {
  ALARM_SPREAD_MS,
  benchPolicyLevels,
  FLOOR_RATIO_LIMIT,
  formatEscalation,
  tickFigures,
  tickVerdict,
} from './escalation-summary';

describe('benchPolicyLevels', () => {
  it('is a policy the server accepts, and its level 2 falls due after every seeded alarm', () => {
    const levels = benchPolicyLevels(3, 7);
    expect(levels.map((level) => level.afterMinutes)).toEqual([0, 10, 30]);
    expect(levels[0]).toEqual({ afterMinutes: 0, userIds: [7], emails: ['site3-shift@bench.test'] });
    expect((levels[1]?.afterMinutes ?? 0) * 60_000).toBeGreaterThan(ALARM_SPREAD_MS);
    const problems = escalationPolicyProblems({
      enabled: true,
      levels: levels.map((level) => ({
        after_minutes: level.afterMinutes,
        user_ids: level.userIds,
        emails: level.emails,
      })),
    });
    expect(problems).toEqual({});
  });
});

describe('tickFigures', () => {
  it('keeps hundredths of a millisecond and sums the total', () => {
    expect(tickFigures([0.123, 0.2, 0.31, 0.4])).toEqual({
      count: 4,
      p50Ms: 0.2,
      p95Ms: 0.4,
      maxMs: 0.4,
      totalMs: 1,
    });
    expect(tickFigures([])).toEqual({ count: 0, p50Ms: null, p95Ms: null, maxMs: null, totalMs: 0 });
  });
});

describe('tickVerdict', () => {
  it('judges by the ratio to the floor and states the ratio to 50 ms beside it', () => {
    expect(tickVerdict(10, 1)).toEqual({
      floorRatio: 10,
      floorRatioLimit: FLOOR_RATIO_LIMIT,
      msRatio: 0.2,
      limitMs: 50,
      pass: true,
    });
    // Under 50 ms but 40 × the floor: FAIL.
    expect(tickVerdict(40, 1)).toMatchObject({ floorRatio: 40, msRatio: 0.8, pass: false });
    expect(tickVerdict(FLOOR_RATIO_LIMIT, 1).pass).toBe(true);
    expect(tickVerdict(null, 1).pass).toBe(false);
    expect(tickVerdict(5, 0)).toMatchObject({ floorRatio: null, pass: false });
  });
});

describe('formatEscalation', () => {
  it('prints the tick beside its floor, the plans, and both ratios on the verdict line', () => {
    const text = formatEscalation(escalationResult([30, 40, 60], [1, 2, 3])).join('\n');
    expect(text).toContain('10,000 active unacknowledged alarms over 200 sites, 50 steps a tick, 3 ticks');
    expect(text).toContain('| tick (engine.fireDue) | 40.00 | 60.00 | 60.00 | 130 ms |');
    expect(text).toContain("| floor: the claim's lookup alone | 2.00 | 3.00 | 3.00 | 6 ms |");
    expect(text).toContain('Index Scan on escalation_steps_due_idx (NOT index-only)');
    expect(text).toContain(
      'PASS: escalation tick p95 60.00 ms ÷ floor p95 3.00 ms = 20.00 (limit 20); ÷ 50 ms = 1.20',
    );
  });
});
