import type { Database } from '../db/database';
import { dropExpiredReadingPartitions, ensureReadingPartitions } from './partitions';
import { deleteReadingsBefore } from './telemetry.repo';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Daily partitions are created this many days ahead of today. */
export const PARTITION_DAYS_AHEAD = 2;

export type RetentionLog = {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
};

/**
 * Sensor readings retention (TELEMETRY_RETENTION_DAYS): DROPs the daily partitions wholly older than the
 * cutoff, then DELETEs the older rows left (the default partition, the cutoff's own day). Safe on every
 * instance at once.
 */
export async function pruneReadings(
  db: Database,
  retentionDays: number,
  now = new Date(),
): Promise<{ droppedPartitions: string[]; deletedRows: number }> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const droppedPartitions = await dropExpiredReadingPartitions(db, cutoff);
  const deletedRows = await deleteReadingsBefore(db, cutoff);
  return { droppedPartitions, deletedRows };
}

/**
 * Creates today's and the next days' partitions at once (before any reading is written); a minute later and
 * then every day creates the partitions ahead and runs the retention; stop() clears the timers.
 */
export async function startRetentionJob(
  db: Database,
  retentionDays: number,
  log: RetentionLog,
): Promise<{ run(): Promise<void>; stop(): void }> {
  const onError = (name: string, error: unknown) =>
    log.error({ err: error, partition: name }, 'sensor readings partition not created');
  const run = async (): Promise<void> => {
    try {
      await ensureReadingPartitions(db, new Date(), PARTITION_DAYS_AHEAD, onError);
      const { droppedPartitions, deletedRows } = await pruneReadings(db, retentionDays);
      if (droppedPartitions.length > 0 || deletedRows > 0) {
        log.info({ droppedPartitions, deletedRows, retentionDays }, 'old sensor readings removed');
      }
    } catch (error) {
      log.error({ err: error }, 'sensor readings retention failed');
    }
  };
  await ensureReadingPartitions(db, new Date(), PARTITION_DAYS_AHEAD, onError);
  // The first retention a minute after start (instances restarted daily still prune), then daily.
  const first = setTimeout(() => void run(), 60_000);
  const daily = setInterval(() => void run(), DAY_MS);
  first.unref();
  daily.unref();
  return {
    run,
    stop: () => {
      clearTimeout(first);
      clearInterval(daily);
    },
  };
}
