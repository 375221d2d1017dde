import type { NotificationItem } from '@vigil/contracts';
import { textCell } from '../../http/csv-cells';
import { zoneLabelOf } from '../telemetry/zoned-time';

/**
 * notifications.csv (M section 7 'export/'; docs/notifications.md): one row per notification, newest first, RFC 4180
 * quoting, CRLF rows, UTF-8 with a BOM; text a spreadsheet would run as a formula gets a leading quote. Times
 * are the row's site's wall clock (notification_time) with that zone named in `time_zone` as the screens name it
 * (CET, CEST, Asia/Kolkata: rows of several sites differ), and unix seconds. The zone has a column of its own so
 * that a spreadsheet still reads `time` as a date.
 */
export const NOTIFICATION_CSV_COLUMNS = [
  'id',
  'time',
  'time_zone',
  'timestamp',
  'site',
  'device',
  'sensor',
  'sensor_id',
  'type',
  'content',
  'value',
  'active',
  'duration',
  'acknowledged_by',
] as const;

export function exportHeader(): string {
  return `\uFEFF${NOTIFICATION_CSV_COLUMNS.join(',')}\r\n`;
}

export function exportLine(item: NotificationItem): string {
  const cells = [
    String(item.id),
    textCell(item.notification_time),
    textCell(zoneLabelOf(new Date(item.timestamp * 1000), item.timezone)),
    String(item.timestamp),
    textCell(item.location.title),
    textCell(item.device_name ?? ''),
    textCell(item.sensor_name ?? ''),
    textCell(item.full_sensor_id ?? ''),
    textCell(item.event_label),
    textCell(item.content),
    textCell(item.value ?? ''),
    item.is_active ? 'On' : 'Off',
    textCell(item.duration ?? ''),
    textCell(item.acknowledged?.by ?? ''),
  ];
  return `${cells.join(',')}\r\n`;
}
