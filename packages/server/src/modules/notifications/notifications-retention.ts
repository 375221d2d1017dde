import type { Database } from '../../db/database';
import { startDailyJob } from '../../jobs/daily-job';
import { deleteClosedNotificationsBefore } from './notifications.repo';

const DAY_MS = 86_400_000;
const CHUNK = 10_000;

/** Removes closed notifications older than the retention; answers how many. */
export async function pruneNotifications(
  db: Database,
  retentionDays: number,
  now = new Date(),
): Promise<number> {
  return deleteClosedNotificationsBefore(db, new Date(now.getTime() - retentionDays * DAY_MS), CHUNK);
}

/**
 * Notifications retention (HISTORY_RETENTION_DAYS, as device events): a minute after start, then daily. Safe on
 * several instances (each DELETE removes rows once; a second instance finds fewer).
 */
export function startNotificationsRetention(
  db: Database,
  retentionDays: number,
  log: { info(object: object, message: string): void; error(object: object, message: string): void },
): { stop(): void } {
  const run = async () => {
    try {
      const deleted = await pruneNotifications(db, retentionDays);
      if (deleted > 0) {
        log.info({ deleted, retentionDays }, 'old notifications removed');
      }
    } catch (error) {
      log.error({ err: error }, 'notifications retention failed');
    }
  };
  return startDailyJob(run);
}
