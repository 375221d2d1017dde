import type { Registry } from 'prom-client';
import type { Database } from '../../db/database';
import type { RetentionLog } from './retention';
import { type Pacing, reportSkippedRollups, writeSlices } from './rollup-slices';
import {
  findRollupProgress,
  findSensorKeySpan,
  type KeySlice,
  type RollupResolution,
  seedRollupProgress,
  tryRollupLock,
} from './rollups.repo';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** A minute is rolled up this long after it ends, so the write batches of its last seconds have committed. */
export const ROLLUP_GRACE_MS = 30_000;
/** Without progress (first run ever) the roll-ups start this long before the start of the current hour. */
export const FIRST_RUN_LOOKBACK_MS = 2 * HOUR_MS;
const RUN_EVERY_MS = MINUTE_MS;
/**
 * Sensors per roll-up statement. A closed minute of 5,000 sensors at 1 Hz is 300,000 readings, about 0.1 s of a
 * core: on PGlite, whose one connection a statement holds, ingest writes wait at most about that long instead
 * of the whole minute's roll-up (1 s for 48,000 sensors), and on PostgreSQL the roll-up's CPU comes in short
 * bursts between the writers' transactions.
 */
export const ROLLUP_SLICE_SENSORS = 5_000;
/**
 * After each slice but the last of a range the job rests this many times as long as the slice took, so a
 * roll-up uses at most half a core in bursts of one slice instead of a whole core for seconds (a minute of
 * 115,000 sensors still finishes in well under its minute).
 */
export const ROLLUP_REST_RATIO = 1;

type Stage = {
  name: RollupResolution;
  /** Longest range one statement rolls up, so catching up after an outage never builds one giant statement. */
  maxSpanMs: number;
  /** The end of the closed buckets this stage may roll up now. */
  target(tx: Database): Promise<Date>;
};

const floorTo = (ms: number, step: number): Date => new Date(Math.floor(ms / step) * step);

export type RollupRun = {
  /** Another instance held the roll-up lock: this run stopped and left the work to it. */
  skipped: boolean;
  /** Progress of each resolution after the run. */
  minutesDoneUntil?: Date;
  hoursDoneUntil?: Date;
};

/**
 * The key slices of one roll-up range, `perSlice` sensors each over the dictionary's span; the first and the last
 * are open-ended, so a reading of a key outside the span is still rolled up. One unbounded slice (all sensors,
 * the BRIN path) when the span fits in one.
 */
export function keySlices(span: { first: number; last: number } | null, perSlice: number): KeySlice[] {
  if (span === null || span.last - span.first < perSlice) {
    return [{ above: null, upTo: null }];
  }
  const slices: KeySlice[] = [];
  for (let start = span.first; start <= span.last; start += perSlice) {
    const upTo = start + perSlice - 1;
    slices.push({ above: slices.length === 0 ? null : start - 1, upTo: upTo >= span.last ? null : upTo });
  }
  return slices;
}

/**
 * Rolls up every closed minute (ended at least ROLLUP_GRACE_MS before `now`) into sensor_rollups_1m, then
 * every hour whose minutes are all rolled up into sensor_rollups_1h. A range covers at most 60 minutes (or 24
 * hours) and is written by one statement per slice of `sliceSensors` sensors, each in its own transaction under
 * a transaction-scoped advisory lock, resting `restRatio` times a slice's time after it; the last commits the
 * progress. A slice written twice (a crash, or two instances taking turns within a range) is recomputed to the
 * same rows. A slice whose data makes its statement fail is written device by device, and the failing device's
 * part of the range is skipped and reported to `onSkipped` (rollup-slices.ts), so one device never stalls all.
 */
export async function rollUp(
  db: Database,
  now: Date,
  { sliceSensors = ROLLUP_SLICE_SENSORS, restRatio = ROLLUP_REST_RATIO, ...rest }: Partial<Pacing> = {},
): Promise<RollupRun> {
  const pacing = { sliceSensors, restRatio, ...rest };
  // Both resolutions start at the same hour, so the first hour roll-up never misses minutes.
  await seedRollupProgress(db, new Date(floorTo(now.getTime(), HOUR_MS).getTime() - FIRST_RUN_LOOKBACK_MS));
  const closedMinutes = floorTo(now.getTime() - ROLLUP_GRACE_MS, MINUTE_MS);
  const minutes = await advance(
    db,
    { name: '1m', maxSpanMs: HOUR_MS, target: async () => closedMinutes },
    pacing,
  );
  if (minutes === 'locked') {
    return { skipped: true };
  }
  const hours = await advance(
    db,
    {
      name: '1h',
      maxSpanMs: 24 * HOUR_MS,
      target: async (tx) => floorTo((await findRollupProgress(tx, '1m'))?.getTime() ?? 0, HOUR_MS),
    },
    pacing,
  );
  if (hours === 'locked') {
    return { skipped: true, minutesDoneUntil: minutes };
  }
  return { skipped: false, minutesDoneUntil: minutes, hoursDoneUntil: hours };
}

/** Runs the stage's statements until it reaches its target; 'locked' when another instance holds the lock. */
async function advance(db: Database, stage: Stage, pacing: Pacing): Promise<Date | 'locked'> {
  for (;;) {
    const next = await db.transaction(async (tx) => {
      if (!(await tryRollupLock(tx))) {
        return 'locked' as const;
      }
      const from = await findRollupProgress(tx, stage.name);
      const end = await stage.target(tx);
      if (from === undefined || from.getTime() >= end.getTime()) {
        return { kind: 'done' as const, until: from ?? end };
      }
      const to = new Date(Math.min(from.getTime() + stage.maxSpanMs, end.getTime()));
      const slices = keySlices(await findSensorKeySpan(tx), pacing.sliceSensors);
      return { kind: 'write' as const, range: { from, to }, slices };
    });
    if (next === 'locked') {
      return 'locked';
    }
    if (next.kind === 'done') {
      return next.until;
    }
    if ((await writeSlices(db, stage.name, next, pacing)) === 'locked') {
      return 'locked';
    }
  }
}

export type RollupJob = {
  /** One run at `now` (tests pass a fixed instant). */
  run(now?: Date): Promise<RollupRun>;
  /** Clears the timer and waits for a run in progress, which ends before its next slice. */
  stop(): Promise<void>;
};

/**
 * Rolls up every minute on every instance; the advisory lock lets one of them do the work. Skipped devices are
 * logged and counted in the registry's vigil_rollup_slices_skipped_total.
 */
export function startRollupJob(db: Database, log: RetentionLog, registry?: Registry): RollupJob {
  let current: Promise<unknown> | undefined;
  const stopping = new AbortController();
  const onSkipped = reportSkippedRollups(log, registry);
  const run = (now = new Date()): Promise<RollupRun> =>
    rollUp(db, now, { signal: stopping.signal, onSkipped });
  const tick = () => {
    // A run longer than the interval (catching up) is not overlapped by the next one.
    if (current !== undefined) {
      return;
    }
    current = run()
      .catch((error: unknown) => log.error({ err: error }, 'sensor roll-ups failed'))
      .finally(() => {
        current = undefined;
      });
  };
  const timer = setInterval(tick, RUN_EVERY_MS);
  timer.unref();
  return {
    run,
    stop: async () => {
      clearInterval(timer);
      stopping.abort();
      await current;
    },
  };
}
