import { Counter, type Registry } from 'prom-client';
import type { Database } from '../../db/database';
import { isDataException } from '../../db/sql-state';
import type { RetentionLog } from './retention';
import {
  findRollupProgress,
  findSliceDevices,
  type KeySlice,
  type RollupResolution,
  type SensorFilter,
  saveRollupProgress,
  type TimeRange,
  tryRollupLock,
  upsertRollups,
  useRollupWorkMemory,
} from './rollups.repo';

/** A device's part of a range that could not be rolled up and was left out, so every other device moves on. */
export type SkippedRollup = {
  resolution: RollupResolution;
  range: TimeRange;
  deviceId: number;
  error: unknown;
};

/** How a run slices its work and where it reports a skipped device (rollUp's options; tests slice finer). */
export type Pacing = {
  sliceSensors: number;
  restRatio: number;
  /** Once it aborts (the job stops), the run ends before its next slice, as if another instance held the lock. */
  signal?: AbortSignal;
  onSkipped?: (skipped: SkippedRollup) => void;
};

export type SliceOutcome = 'written' | 'moved' | 'locked';

/**
 * Runs `work` in one transaction under the roll-up lock while the stage's progress is still at `from`:
 * 'moved' when another instance has moved it meanwhile, 'locked' when another instance holds the lock.
 */
async function underRollupLock(
  db: Database,
  name: RollupResolution,
  from: Date,
  work: (tx: Database) => Promise<void>,
): Promise<SliceOutcome> {
  return db.transaction(async (tx) => {
    if (!(await tryRollupLock(tx))) {
      return 'locked' as const;
    }
    if ((await findRollupProgress(tx, name))?.getTime() !== from.getTime()) {
      return 'moved' as const;
    }
    await work(tx);
    return 'written' as const;
  });
}

const writeRollups =
  (name: RollupResolution, range: TimeRange, sensorsOf: SensorFilter) => async (tx: Database) => {
    await useRollupWorkMemory(tx);
    await upsertRollups(tx, name, range, sensorsOf);
  };

/**
 * Writes the slice again device by device after its statement failed on the data itself (a data exception
 * fails the same way every time): a device whose statement fails too is skipped and reported; every other
 * device of the slice is written. Readings of keys no longer in the dictionary are unreachable and left out.
 */
async function writeSliceByDevice(
  db: Database,
  name: RollupResolution,
  range: TimeRange,
  slice: KeySlice,
  onSkipped: Pacing['onSkipped'],
): Promise<SliceOutcome> {
  for (const { deviceId, keys } of await findSliceDevices(db, slice)) {
    try {
      const outcome = await underRollupLock(db, name, range.from, writeRollups(name, range, keys));
      if (outcome !== 'written') {
        return outcome;
      }
    } catch (error) {
      if (!isDataException(error)) {
        throw error;
      }
      onSkipped?.({ resolution: name, range, deviceId, error });
    }
  }
  return 'written';
}

/** Writes one slice in one statement, or device by device when the statement fails on its data. */
async function writeSlice(
  db: Database,
  name: RollupResolution,
  range: TimeRange,
  slice: KeySlice,
  { isLast, onSkipped }: { isLast: boolean; onSkipped: Pacing['onSkipped'] },
): Promise<SliceOutcome> {
  try {
    return await underRollupLock(db, name, range.from, async (tx) => {
      await writeRollups(name, range, slice)(tx);
      if (isLast) {
        await saveRollupProgress(tx, name, range.to);
      }
    });
  } catch (error) {
    if (!isDataException(error)) {
      throw error;
    }
  }
  const outcome = await writeSliceByDevice(db, name, range, slice, onSkipped);
  if (outcome !== 'written' || !isLast) {
    return outcome;
  }
  return underRollupLock(db, name, range.from, (tx) => saveRollupProgress(tx, name, range.to));
}

/** Waits `ms`, or less if `signal` aborts meanwhile. */
function rest(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Writes a range slice by slice, the progress with the last; stops early ('moved') when another instance
 * has moved the progress meanwhile, so the caller plans again from there.
 */
export async function writeSlices(
  db: Database,
  name: RollupResolution,
  { range, slices }: { range: TimeRange; slices: readonly KeySlice[] },
  { restRatio, signal, onSkipped }: Pacing,
): Promise<SliceOutcome> {
  for (const [index, slice] of slices.entries()) {
    if (signal?.aborted) {
      return 'locked';
    }
    const started = performance.now();
    const isLast = index === slices.length - 1;
    const outcome = await writeSlice(db, name, range, slice, { isLast, onSkipped });
    if (outcome !== 'written') {
      return outcome;
    }
    const restMs = isLast ? 0 : (performance.now() - started) * restRatio;
    if (restMs > 0) {
      await rest(restMs, signal);
    }
  }
  return 'written';
}

/** The roll-up job's report of a skipped device: an error in the log and `vigil_rollup_slices_skipped_total`. */
export function reportSkippedRollups(
  log: RetentionLog,
  registry: Registry | undefined,
): (skipped: SkippedRollup) => void {
  const counter = new Counter({
    name: 'vigil_rollup_slices_skipped_total',
    help: "Devices' roll-up ranges left out because their data made the roll-up fail (see the log), by resolution",
    labelNames: ['resolution'] as const,
    registers: registry === undefined ? [] : [registry],
  });
  return ({ resolution, range, deviceId, error }) => {
    counter.inc({ resolution });
    log.error(
      { err: error, deviceId, resolution, from: range.from.toISOString(), to: range.to.toISOString() },
      "a device's roll-ups were skipped: its data made the roll-up fail",
    );
  };
}
