import { type EscalationTickResult, tickFigures, tickVerdict } from './escalation-summary';

/** An escalation tick's result for the summary's tests: ticks and floor lookups of these durations. */
export function escalationResult(tickMs: number[], floorMs: number[]): EscalationTickResult {
  const tick = tickFigures(tickMs);
  const floor = tickFigures(floorMs);
  return {
    alarms: 10_000,
    sites: 200,
    batch: 50,
    tick,
    tickCpu: tickFigures(tickMs.map((ms) => ms / 2)),
    floor,
    sent: 10_000,
    nextStored: 10_000,
    mailsQueued: 20_000,
    plans: [
      {
        query: 'escalation floor (claim lookup)',
        scans: ['Index Scan on escalation_steps_due_idx'],
        indexOnly: false,
        heapFetches: 0,
        sharedHit: 12,
        sharedRead: 0,
        executionMs: 0.3,
      },
    ],
    verdict: tickVerdict(tick.p95Ms, floor.p95Ms),
  };
}
