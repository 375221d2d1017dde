import { isOpeningType, NOTIFICATION_TYPE_LABELS } from '@vigil/contracts';
import { ACTIVE_SHARE, TYPE_WEIGHTS } from './site-plan';

/**
 * The seed's SQL: one INSERT … SELECT generate_series per chunk of the history, rows in time order (so ids grow
 * with date_created, as when the projector writes them). Each row picks a weighted site (`$4`, the slots of
 * site-plan.ts), one of its devices (the temp table bench_devices), a weighted type and a sensor; opening rows
 * stay active with ACTIVE_SHARE, the others are cleared a few minutes to hours later. dispatched_at is set, so
 * the server's projector never dispatches them.
 */

const SENSOR_TYPES = new Set([
  'alarm_on',
  'alarm_off',
  'warning_on',
  'warning_off',
  'sn2_status_change',
  'sensor_disappeared',
]);
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** VALUES (type, label, opening, of_sensor, lo, hi): a row's type is the one whose [lo, hi) holds its random draw. */
export function typeTable(): string {
  let lo = 0;
  const rows = TYPE_WEIGHTS.map(([type, weight], index) => {
    const hi = index === TYPE_WEIGHTS.length - 1 ? 2 : lo + weight;
    const row = `(${literal(type)}, ${literal(NOTIFICATION_TYPE_LABELS[type])}, ${isOpeningType(type)}, ${SENSOR_TYPES.has(type)}, ${lo}::float8, ${hi}::float8)`;
    lo = hi;
    return row;
  });
  return `(VALUES ${rows.join(',\n    ')}) AS t(event_type, label, opening, of_sensor, lo, hi)`;
}

export const DEVICES_TABLE_SQL = `CREATE TEMP TABLE IF NOT EXISTS bench_devices (
  k int PRIMARY KEY, device_id int NOT NULL, location_id int NOT NULL, title text NOT NULL)`;

/**
 * Parameters: $1 chunk start (timestamptz), $2 rows, $3 milliseconds between rows, $4 site slots (int[] of
 * site indexes), $5 devices per site.
 */
export function chunkInsertSql(): string {
  return `INSERT INTO notifications (event_type, location_id, device_id, device_title, sensor_id, sensor_name,
    content, value, is_active, date_created, date_cleared, dispatched_at)
  SELECT t.event_type, d.location_id, d.device_id, d.title,
    CASE WHEN t.of_sensor THEN 'net1.n0' || (1 + raw.sensor_n / 4) || '.' || (1 + raw.sensor_n % 4) END,
    CASE WHEN t.of_sensor THEN 'Gas detector ' || (raw.sensor_n + 1) END,
    CASE WHEN t.of_sensor THEN 'Gas detector ' || (raw.sensor_n + 1) || ' on ' || d.title || ': ' || t.label
      ELSE d.title || ': ' || t.label END,
    CASE WHEN t.event_type IN ('alarm_on', 'warning_on') THEN round(raw.r_value * 100)::text || ' %LEL' END,
    t.opening AND raw.r_active < ${ACTIVE_SHARE},
    raw.at,
    CASE WHEN t.opening AND raw.r_active >= ${ACTIVE_SHARE}
      THEN raw.at + (1 + raw.r_value * 240) * interval '1 minute' END,
    raw.at
  FROM (
    SELECT i, $1::timestamptz + (i + random()) * $3::float8 * interval '1 millisecond' AS at,
      ($4::int[])[1 + floor(random() * cardinality($4::int[]))::int] AS site_index,
      floor(random() * $5::int)::int AS device_n,
      random() AS r_type, random() AS r_active, random() AS r_value, floor(random() * 24)::int AS sensor_n
    FROM generate_series(0, $2::int - 1) AS i
  ) raw
  JOIN bench_devices d ON d.k = raw.site_index * $5::int + raw.device_n
  JOIN ${typeTable()} ON raw.r_type >= t.lo AND raw.r_type < t.hi
  ORDER BY raw.i`;
}
