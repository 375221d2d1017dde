import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database';

/**
 * Daily partitions of sensor_readings (RANGE on ts, UTC days, named sensor_readings_pYYYYMMDD; rows outside
 * them go to sensor_readings_default). Raw SQL: drizzle has no partition DDL. The same on PGlite and PostgreSQL.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const PARTITION_NAME = /^sensor_readings_p(\d{4})(\d{2})(\d{2})$/;

/** Rows of a raw query; both drivers answer `{ rows }`. */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

function dayStart(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / DAY_MS) * DAY_MS);
}

function partitionName(day: Date): string {
  return `sensor_readings_p${day.toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/**
 * Creates the partitions of the UTC days from `from` to `daysAhead` days later; returns the names created or
 * already there. A partition that cannot be created (another instance raced, or the default partition already
 * holds rows of that day) is reported to `onError` and left to the default partition.
 */
export async function ensureReadingPartitions(
  db: Database,
  from: Date,
  daysAhead: number,
  onError: (name: string, error: unknown) => void = () => undefined,
): Promise<string[]> {
  const names: string[] = [];
  const first = dayStart(from);
  for (let i = 0; i <= daysAhead; i += 1) {
    const start = new Date(first.getTime() + i * DAY_MS);
    const end = new Date(start.getTime() + DAY_MS);
    const name = partitionName(start);
    try {
      // The name and bounds are built here from a Date, never from input.
      await db.execute(
        sql.raw(
          `create table if not exists "${name}" partition of "sensor_readings" ` +
            `for values from ('${start.toISOString()}') to ('${end.toISOString()}')`,
        ),
      );
      names.push(name);
    } catch (error) {
      onError(name, error);
    }
  }
  return names;
}

/** The daily partitions that exist, with the start of their day. */
export async function listReadingPartitions(db: Database): Promise<Array<{ name: string; day: Date }>> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'sensor_readings'::regclass`,
  );
  return rows.flatMap(({ name }) => {
    const match = PARTITION_NAME.exec(name);
    return match === null ? [] : [{ name, day: new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`) }];
  });
}

/** DROPs the daily partitions whose whole day is before `cutoff`; returns their names. */
export async function dropExpiredReadingPartitions(db: Database, cutoff: Date): Promise<string[]> {
  const expired = (await listReadingPartitions(db)).filter(
    (partition) => partition.day.getTime() + DAY_MS <= cutoff.getTime(),
  );
  for (const { name } of expired) {
    await db.execute(sql.raw(`drop table if exists "${name}"`));
  }
  return expired.map((partition) => partition.name);
}
