import type { Database } from '../db/database';
import type { RetentionLog } from './retention';
import {
  findRollupProgress,
  type RollupResolution,
  saveRollupProgress,
  seedRollupProgress,
  tryRollupLock,
  upsertRollups,
  useRollupWorkMemory,
} from './rollups.repo';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** A minute is rolled up this long after it ends, so the write batches of its last seconds have committed. */
export const ROLLUP_GRACE_MS = 30_000;
/** Without progress (first run ever) the roll-ups start this long before the start of the current hour. */
export const FIRST_RUN_LOOKBACK_MS = 2 * HOUR_MS;
const RUN_EVERY_MS = MINUTE_MS;

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
 * Rolls up every closed minute (ended at least ROLLUP_GRACE_MS before `now`) into sensor_rollups_1m, then
 * every hour whose minutes are all rolled up into sensor_rollups_1h. Each statement covers at most 60 minutes
 * (or 24 hours) and commits with the progress it reaches, under a transaction-scoped advisory lock.
 */
export async function rollUp(db: Database, now: Date): Promise<RollupRun> {
  // Both resolutions start at the same hour, so the first hour roll-up never misses minutes.
  await seedRollupProgress(db, new Date(floorTo(now.getTime(), HOUR_MS).getTime() - FIRST_RUN_LOOKBACK_MS));
  const closedMinutes = floorTo(now.getTime() - ROLLUP_GRACE_MS, MINUTE_MS);
  const minutes = await advance(db, { name: '1m', maxSpanMs: HOUR_MS, target: async () => closedMinutes });
  if (minutes === 'locked') {
    return { skipped: true };
  }
  const hours = await advance(db, {
    name: '1h',
    maxSpanMs: 24 * HOUR_MS,
    target: async (tx) => floorTo((await findRollupProgress(tx, '1m'))?.getTime() ?? 0, HOUR_MS),
  });
  if (hours === 'locked') {
    return { skipped: true, minutesDoneUntil: minutes };
  }
  return { skipped: false, minutesDoneUntil: minutes, hoursDoneUntil: hours };
}

/** Runs the stage's statements until it reaches its target; 'locked' when another instance holds the lock. */
async function advance(db: Database, stage: Stage): Promise<Date | 'locked'> {
  for (;;) {
    const step = await db.transaction(async (tx) => {
      if (!(await tryRollupLock(tx))) {
        return 'locked' as const;
      }
      const from = await findRollupProgress(tx, stage.name);
      const end = await stage.target(tx);
      if (from === undefined || from.getTime() >= end.getTime()) {
        return { until: from ?? end, more: false };
      }
      const to = new Date(Math.min(from.getTime() + stage.maxSpanMs, end.getTime()));
      await useRollupWorkMemory(tx);
      await upsertRollups(tx, stage.name, { from, to });
      await saveRollupProgress(tx, stage.name, to);
      return { until: to, more: to.getTime() < end.getTime() };
    });
    if (step === 'locked') {
      return 'locked';
    }
    if (!step.more) {
      return step.until;
    }
  }
}

export type RollupJob = {
  /** One run at `now` (tests pass a fixed instant). */
  run(now?: Date): Promise<RollupRun>;
  /** Clears the timer and waits for a run in progress. */
  stop(): Promise<void>;
};

/** Rolls up every minute on every instance; the advisory lock lets one of them do the work. */
export function startRollupJob(db: Database, log: RetentionLog): RollupJob {
  let current: Promise<unknown> | undefined;
  const run = (now = new Date()): Promise<RollupRun> => rollUp(db, now);
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
      await current;
    },
  };
}
