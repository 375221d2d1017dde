import {
  STRETCH_COPY_SHARE,
  TARGET_BROWSER_P99_MS,
  TARGET_COPY_SHARE,
  TARGET_PGLITE_LAG_P99_MS,
  TARGET_PGLITE_POINTS_PER_SECOND,
  TARGET_STORED_P99_MS,
} from './options';
import type { StepResult } from './run-step';

/** One line of the verdict; `counts`: a miss makes the bench exit 1 (a stretch goal or a side note does not). */
export type Target = { label: string; value: number | null; pass: boolean; counts: boolean };

export type TargetInput = {
  pglite: boolean;
  /** Stored points/s of the highest load held; null when none held. */
  capacityPointsPerSecond: number | null;
  capacityLagP99Ms: number | null;
  ratioToCopy: number | null;
  final: StepResult | null;
};

const atLeast = (value: number | null, limit: number) => value !== null && value >= limit;
const below = (value: number | null, limit: number) => value !== null && value < limit;

/** The run at 80 % of capacity: no stalled second, p99 publish → stored and → browser. */
function finalTargets(final: StepResult | null, counts: boolean): Target[] {
  const zeroSeconds = final?.stored.seconds?.zeroSeconds ?? null;
  const stored = final?.publishToStored.p99Ms ?? null;
  const browser = final?.publishToBrowser.p99Ms ?? null;
  return [
    {
      label: 'at 80 %: no second with zero rows stored',
      value: zeroSeconds,
      pass: zeroSeconds === 0,
      counts,
    },
    {
      label: `at 80 %: p99 publish → stored < ${TARGET_STORED_P99_MS.toLocaleString('en-US')} ms`,
      value: stored,
      pass: below(stored, TARGET_STORED_P99_MS),
      counts,
    },
    {
      label: `at 80 %: p99 publish → browser < ${TARGET_BROWSER_P99_MS} ms`,
      value: browser,
      pass: below(browser, TARGET_BROWSER_P99_MS),
      counts,
    },
  ];
}

/**
 * Issue 11's targets. PostgreSQL: capacity ≥ 0.6 × COPY of the same rows (0.8 a stretch) and the three
 * conditions of the run at 80 % of capacity. PGlite: capacity ≥ 20,000 points/s with event-loop lag
 * p99 < 100 ms; its run at 80 % is reported, not judged (the issue sets those conditions for PostgreSQL).
 */
export function evaluateTargets(input: TargetInput): Target[] {
  if (input.pglite) {
    return [
      {
        label: `capacity ≥ ${TARGET_PGLITE_POINTS_PER_SECOND.toLocaleString('en-US')} points/s`,
        value: input.capacityPointsPerSecond,
        pass: atLeast(input.capacityPointsPerSecond, TARGET_PGLITE_POINTS_PER_SECOND),
        counts: true,
      },
      {
        label: `event-loop lag p99 < ${TARGET_PGLITE_LAG_P99_MS} ms at capacity`,
        value: input.capacityLagP99Ms,
        pass: below(input.capacityLagP99Ms, TARGET_PGLITE_LAG_P99_MS),
        counts: true,
      },
      ...finalTargets(input.final, false),
    ];
  }
  return [
    {
      label: `capacity / COPY ≥ ${TARGET_COPY_SHARE}`,
      value: input.ratioToCopy,
      pass: atLeast(input.ratioToCopy, TARGET_COPY_SHARE),
      counts: true,
    },
    {
      label: `capacity / COPY ≥ ${STRETCH_COPY_SHARE} (stretch)`,
      value: input.ratioToCopy,
      pass: atLeast(input.ratioToCopy, STRETCH_COPY_SHARE),
      counts: false,
    },
    ...finalTargets(input.final, true),
  ];
}

/** True when every target that counts passed. */
export function allPassed(targets: readonly Target[]): boolean {
  return targets.every((target) => target.pass || !target.counts);
}
