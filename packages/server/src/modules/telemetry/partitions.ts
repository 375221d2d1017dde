import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

/**
 * Daily partitions of the tables partitioned by RANGE on a time column (UTC days, named <table>_pYYYYMMDD; rows
 * outside them go to <table>_default). Raw SQL: drizzle has no partition DDL. The same on PGlite and PostgreSQL.
 */

export const PARTITIONED_TABLES = ['sensor_readings', 'sensor_rollups_1m'] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Rows of a raw query; both drivers answer `{ rows }`. */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

function dayStart(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / DAY_MS) * DAY_MS);
}

function partitionName(table: PartitionedTable, day: Date): string {
  return `${table}_p${day.toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/**
 * Creates the partitions of `table` for the UTC days from `from` to `daysAhead` days later; returns the names
 * created or already there. A partition that cannot be created (another instance raced, or the default
 * partition already holds rows of that day) is reported to `onError` and left to the default partition.
 */
export async function ensurePartitions(
  db: Database,
  table: PartitionedTable,
  from: Date,
  daysAhead: number,
  onError: (name: string, error: unknown) => void = () => undefined,
): Promise<string[]> {
  const names: string[] = [];
  const first = dayStart(from);
  for (let i = 0; i <= daysAhead; i += 1) {
    const start = new Date(first.getTime() + i * DAY_MS);
    const end = new Date(start.getTime() + DAY_MS);
    const name = partitionName(table, start);
    try {
      // The names and bounds are built here from a constant and a Date, never from input.
      await db.execute(
        sql.raw(
          `create table if not exists "${name}" partition of "${table}" ` +
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

/** The daily partitions of `table` that exist, with the start of their day. */
export async function listPartitions(
  db: Database,
  table: PartitionedTable,
): Promise<Array<{ name: string; day: Date }>> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = ${table}::regclass`,
  );
  const daily = new RegExp(`^${table}_p(\\d{4})(\\d{2})(\\d{2})$`);
  return rows.flatMap(({ name }) => {
    const match = daily.exec(name);
    return match === null ? [] : [{ name, day: new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`) }];
  });
}

/** DROPs the daily partitions of `table` whose whole day is before `cutoff`; returns their names. */
export async function dropExpiredPartitions(
  db: Database,
  table: PartitionedTable,
  cutoff: Date,
): Promise<string[]> {
  const expired = (await listPartitions(db, table)).filter(
    (partition) => partition.day.getTime() + DAY_MS <= cutoff.getTime(),
  );
  for (const { name } of expired) {
    await db.execute(sql.raw(`drop table if exists "${name}"`));
  }
  return expired.map((partition) => partition.name);
}
