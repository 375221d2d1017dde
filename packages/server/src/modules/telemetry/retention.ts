import type { Database } from '../../db/database';
import { startDailyJob } from '../../jobs/daily-job';
import { dropExpiredPartitions, ensurePartitions, PARTITIONED_TABLES } from './partitions';
import { deleteRollupsBefore } from './rollups.repo';
import { deleteReadingsBefore, deleteRowsBefore } from './telemetry.repo';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Daily partitions are created this many days ahead of today. */
export const PARTITION_DAYS_AHEAD = 2;

export type RetentionLog = {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
};

/** Days kept: raw readings (TELEMETRY_RETENTION_DAYS); roll-ups, state records and events (HISTORY_RETENTION_DAYS). */
export type RetentionDays = { readings: number; history: number };

const cutoffOf = (now: Date, days: number): Date => new Date(now.getTime() - days * DAY_MS);

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
  const cutoff = cutoffOf(now, retentionDays);
  const droppedPartitions = await dropExpiredPartitions(db, 'sensor_readings', cutoff);
  const deletedRows = await deleteReadingsBefore(db, cutoff);
  return { droppedPartitions, deletedRows };
}

/**
 * Roll-ups retention (HISTORY_RETENTION_DAYS): the 1-minute roll-ups like the readings (DROP of whole days,
 * then DELETE of the rest), the 1-hour roll-ups (a small, unpartitioned table) by a DELETE on bucket.
 */
export async function pruneRollups(
  db: Database,
  retentionDays: number,
  now = new Date(),
): Promise<{ droppedPartitions: string[]; deletedMinuteRows: number; deletedHourRows: number }> {
  const cutoff = cutoffOf(now, retentionDays);
  const droppedPartitions = await dropExpiredPartitions(db, 'sensor_rollups_1m', cutoff);
  const { minuteRows, hourRows } = await deleteRollupsBefore(db, cutoff);
  return { droppedPartitions, deletedMinuteRows: minuteRows, deletedHourRows: hourRows };
}

const HISTORY_DELETE_CHUNK = 10_000;

/** State records and device events retention (HISTORY_RETENTION_DAYS): DELETEs in chunks of 10,000 rows. */
export async function pruneHistory(
  db: Database,
  retentionDays: number,
  now = new Date(),
): Promise<{ deletedRecords: number; deletedEvents: number }> {
  const cutoff = cutoffOf(now, retentionDays);
  return {
    deletedRecords: await deleteRowsBefore(db, 'state_records', cutoff, HISTORY_DELETE_CHUNK),
    deletedEvents: await deleteRowsBefore(db, 'device_events', cutoff, HISTORY_DELETE_CHUNK),
  };
}

/** Today's and the next days' partitions of every partitioned telemetry table. */
async function ensureAllPartitions(db: Database, now: Date, log: RetentionLog): Promise<void> {
  for (const table of PARTITIONED_TABLES) {
    await ensurePartitions(db, table, now, PARTITION_DAYS_AHEAD, (name, error) =>
      log.error({ err: error, partition: name }, 'telemetry partition not created'),
    );
  }
}

/**
 * Creates today's and the next days' partitions at once (before any reading is written); a minute later and
 * then every day creates the partitions ahead and runs both retentions; stop() clears the timers.
 */
export async function startRetentionJob(
  db: Database,
  days: RetentionDays,
  log: RetentionLog,
): Promise<{ run(): Promise<void>; stop(): void }> {
  const run = async (): Promise<void> => {
    try {
      const now = new Date();
      await ensureAllPartitions(db, now, log);
      const readings = await pruneReadings(db, days.readings, now);
      if (readings.droppedPartitions.length > 0 || readings.deletedRows > 0) {
        log.info({ ...readings, retentionDays: days.readings }, 'old sensor readings removed');
      }
      const rollups = await pruneRollups(db, days.history, now);
      if (
        rollups.droppedPartitions.length > 0 ||
        rollups.deletedMinuteRows > 0 ||
        rollups.deletedHourRows > 0
      ) {
        log.info({ ...rollups, retentionDays: days.history }, 'old sensor roll-ups removed');
      }
      const history = await pruneHistory(db, days.history, now);
      if (history.deletedRecords > 0 || history.deletedEvents > 0) {
        log.info({ ...history, retentionDays: days.history }, 'old state records and device events removed');
      }
    } catch (error) {
      log.error({ err: error }, 'telemetry retention failed');
    }
  };
  await ensureAllPartitions(db, new Date(), log);
  return { run, ...startDailyJob(run) };
}
