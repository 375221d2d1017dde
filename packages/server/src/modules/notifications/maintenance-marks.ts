import type { NotificationType } from '@vigil/contracts';
import type { Database } from '../../db/database';
import { findTestWindows } from '../maintenance/maintenance.repo';
import { isUnderTest } from '../maintenance/maintenance-windows';
import type { NotificationWithPlace } from './notifications.repo';

/** The sensor's own alarm and warning edges: what a maintenance test forces on the sensor under test. */
const FORCED_TYPES: ReadonlySet<NotificationType> = new Set([
  'alarm_on',
  'alarm_off',
  'warning_on',
  'warning_off',
]);

/** A test lasts at most its timeout (540 s by default); a day back covers any configured one. */
const LOOKBACK_MS = 24 * 60 * 60 * 1000;

/**
 * Marks the rows about a sensor while it was under a maintenance test (issue 23): their pushes say so
 * (`in_maintenance_test`), so browsers raise no toast or alarm sound for the alarm the test forced. The log and
 * the e-mail rules are unchanged.
 */
export async function markMaintenanceTests(
  db: Database,
  rows: NotificationWithPlace[],
): Promise<NotificationWithPlace[]> {
  const candidates = rows.flatMap((row) =>
    row.deviceId !== null && row.sensorId !== null && FORCED_TYPES.has(row.eventType)
      ? [{ row, probe: { deviceId: row.deviceId, sensorId: row.sensorId, at: row.dateCreated } }]
      : [],
  );
  if (candidates.length === 0) {
    return rows;
  }
  const times = candidates.map(({ probe }) => probe.at.getTime());
  const windows = await findTestWindows(db, [...new Set(candidates.map(({ probe }) => probe.deviceId))], {
    from: new Date(Math.min(...times)),
    to: new Date(Math.max(...times)),
    lookbackMs: LOOKBACK_MS,
  });
  const marked = new Set(candidates.filter(({ probe }) => isUnderTest(windows, probe)).map(({ row }) => row));
  return marked.size === 0
    ? rows
    : rows.map((row) => (marked.has(row) ? { ...row, isMaintenanceTest: true } : row));
}
