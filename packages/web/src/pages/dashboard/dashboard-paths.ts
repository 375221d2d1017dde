/**
 * Addresses of the dashboard (M section 2). The snapshot route's {timestamp} is the record's
 * 'YYYY-MM-DD HH:MM:SS' (shown in the banner); the record it draws is named by `?record=<record_id>`.
 * Without a record id the route is not in snapshot mode and goes to /dashboard.
 */
export const DASHBOARD_PATH = '/dashboard';
export const MAINTENANCE_MODE_QUERY = 'mode';
export const MAINTENANCE_MODE_VALUE = 'maintenance';

export function snapshotPath(record: { timestamp: string; record_id: number }): string {
  return `/dashboard/historical/snapshot/${encodeURIComponent(record.timestamp)}?record=${record.record_id}`;
}

/** The record id of `?record=`, or null when absent or not a positive integer. */
export function parseRecordId(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) {
    return null;
  }
  const id = Number(value);
  return id > 0 ? id : null;
}

/** A sensor's graph: live, or in snapshot mode the historical graphs at the snapshot's date and time. */
export function sensorGraphPath(fullId: string, snapshotTimestamp: string | null): string {
  const sensor = encodeURIComponent(fullId);
  if (snapshotTimestamp === null) {
    return `/graphs/${sensor}`;
  }
  const [date = '', time = ''] = snapshotTimestamp.trim().split(/[ T]/);
  return `/graphs/historical/graphs/${date}&${time.slice(0, 5)}/${sensor}`;
}
