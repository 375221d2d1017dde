import type { StoredEscalationLevel } from '../../packages/server/src/db/tables/escalation.table';
import { percentile } from '../ingest/stats';
import type { PlanFacts } from './explain';
import { LIMIT_P95_MS } from './options';

/**
 * The escalation tick of bench:notifications (issue 27), its pure parts: each site's policy, the tick's figures,
 * and the verdict. The ticks and the floor are run by escalation-tick.ts.
 */

/** The alarms happened within this span before the ticks' clock: level 1 (at once) is due for every one. */
export const ALARM_SPREAD_MS = 5 * 60_000;
/**
 * The verdict: tick p95 at most this many times the floor's p95 (the index-only lookup of the same due rows).
 * 20 × is the notifications log's own margin: its 50 ms was 20.8 × its worst lookup p95 (2.4 ms) in the run that
 * met it (docs/decisions.md, 2026-11-28, issue 27 session 18).
 */
export const FLOOR_RATIO_LIMIT = 20;

/**
 * A site's policy as a site would write one: the shift (a person of the site, the bench's super user, and the
 * shift's address) at once, the supervisor after 10 minutes, the plant manager after 30. Level 2 is due later
 * than ALARM_SPREAD_MS after any alarm, so the ticks settle level 1 of every alarm and nothing else.
 */
export function benchPolicyLevels(siteNumber: number, personId: number): StoredEscalationLevel[] {
  return [
    { afterMinutes: 0, userIds: [personId], emails: [`site${siteNumber}-shift@bench.test`] },
    { afterMinutes: 10, userIds: [], emails: [`site${siteNumber}-supervisor@bench.test`] },
    { afterMinutes: 30, userIds: [], emails: [`site${siteNumber}-plant-manager@bench.test`] },
  ];
}

/** Latency figures to 0.01 ms (a lookup of 50 index entries takes a fraction of a millisecond). */
export type TickFigures = {
  count: number;
  p50Ms: number | null;
  p95Ms: number | null;
  maxMs: number | null;
  totalMs: number;
};

const hundredth = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

export function tickFigures(samples: readonly number[]): TickFigures {
  return {
    count: samples.length,
    p50Ms: hundredth(percentile(samples, 0.5)),
    p95Ms: hundredth(percentile(samples, 0.95)),
    maxMs: hundredth(percentile(samples, 1)),
    totalMs: Math.round(samples.reduce((sum, ms) => sum + ms, 0)),
  };
}

/** Both ratios are stated; the verdict is the ratio to the floor of the same run. */
export type TickVerdict = {
  /** tick p95 ÷ floor p95, and its limit. */
  floorRatio: number | null;
  floorRatioLimit: number;
  /** tick p95 ÷ the 50 ms (as the notifications log). */
  msRatio: number | null;
  limitMs: number;
  pass: boolean;
};

export function tickVerdict(tickP95Ms: number | null, floorP95Ms: number | null): TickVerdict {
  const floorRatio =
    tickP95Ms === null || floorP95Ms === null || floorP95Ms <= 0 ? null : tickP95Ms / floorP95Ms;
  return {
    floorRatio,
    floorRatioLimit: FLOOR_RATIO_LIMIT,
    msRatio: tickP95Ms === null ? null : tickP95Ms / LIMIT_P95_MS,
    limitMs: LIMIT_P95_MS,
    pass: floorRatio !== null && floorRatio <= FLOOR_RATIO_LIMIT,
  };
}

export type EscalationTickResult = {
  alarms: number;
  sites: number;
  /** Steps one tick claims (the engine's ESCALATION_BATCH). */
  batch: number;
  /** engine.fireDue() per tick: claim, lock and read the notification and policy, mail, settle, next level. */
  tick: TickFigures;
  /** CPU of the bench process (where the engine runs) per tick; PostgreSQL's share is not in it. */
  tickCpu: TickFigures;
  /** The claim's SELECT alone (same WHERE, order and LIMIT, ids only, no lock), before each tick. */
  floor: TickFigures;
  /** Checked after the ticks: level 1 sent for every alarm, level 2 stored, e-mails queued in the outbox. */
  sent: number;
  nextStored: number;
  mailsQueued: number;
  plans: PlanFacts[];
  verdict: TickVerdict;
};

const ms = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));
const ratio = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));
const num = (value: number) => Math.round(value).toLocaleString('en-US');

export function formatEscalation(result: EscalationTickResult): string[] {
  const { tick, floor, tickCpu, verdict } = result;
  return [
    `Escalation tick: ${num(result.alarms)} active unacknowledged alarms over ${result.sites} sites, ${result.batch} steps a tick, ${tick.count} ticks; ${num(result.sent)} level 1 sent, ${num(result.nextStored)} level 2 stored, ${num(result.mailsQueued)} e-mails queued`,
    '',
    '| measure | p50 | p95 | max | total |',
    '|---|---|---|---|---|',
    `| tick (engine.fireDue) | ${ms(tick.p50Ms)} | ${ms(tick.p95Ms)} | ${ms(tick.maxMs)} | ${num(tick.totalMs)} ms |`,
    `| tick, bench process CPU | ${ms(tickCpu.p50Ms)} | ${ms(tickCpu.p95Ms)} | ${ms(tickCpu.maxMs)} | ${num(tickCpu.totalMs)} ms |`,
    `| floor: the claim's lookup alone | ${ms(floor.p50Ms)} | ${ms(floor.p95Ms)} | ${ms(floor.maxMs)} | ${num(floor.totalMs)} ms |`,
    '',
    ...result.plans.map(
      (plan) =>
        `  ${plan.query}: ${plan.scans.join(', ')}${plan.indexOnly ? '' : ' (NOT index-only)'}, heap fetches ${plan.heapFetches}, buffers hit ${plan.sharedHit} read ${plan.sharedRead}, ${plan.executionMs} ms`,
    ),
    '',
    `${verdict.pass ? 'PASS' : 'FAIL'}: escalation tick p95 ${ms(tick.p95Ms)} ms ÷ floor p95 ${ms(floor.p95Ms)} ms = ${ratio(verdict.floorRatio)} (limit ${verdict.floorRatioLimit}); ÷ ${verdict.limitMs} ms = ${ratio(verdict.msRatio)}`,
  ];
}
