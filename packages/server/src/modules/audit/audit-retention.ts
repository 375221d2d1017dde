import type { Database } from '../../db/database';
import { startDailyJob } from '../../jobs/daily-job';
import { deleteAuditRecordsBefore } from './audit.repo';

const DAY_MS = 86_400_000;
const CHUNK = 10_000;

/** Removes audit records older than the history retention; answers how many. */
export async function pruneAuditRecords(
  db: Database,
  retentionDays: number,
  now = new Date(),
): Promise<number> {
  return deleteAuditRecordsBefore(db, new Date(now.getTime() - retentionDays * DAY_MS), CHUNK);
}

/**
 * The audit trail follows the history retention (HISTORY_RETENTION_DAYS, as device events and notifications): a
 * minute after start, then daily, 10,000 rows per statement. Safe on several instances (a row is deleted once).
 * The only way a record ever leaves the table.
 */
export function startAuditRetention(
  db: Database,
  retentionDays: number,
  log: { info(object: object, message: string): void; error(object: object, message: string): void },
): { stop(): void } {
  const run = async () => {
    try {
      const deleted = await pruneAuditRecords(db, retentionDays);
      if (deleted > 0) {
        log.info({ deleted, retentionDays }, 'old audit records removed');
      }
    } catch (error) {
      log.error({ err: error }, 'audit retention failed');
    }
  };
  return startDailyJob(run);
}
