import pg from 'pg';
import { LOCAL_POSTGRES_URL } from './options';

/** pg's Client and PGlite both answer this. */
export type Queryable = {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
};

/** A service a bench needs does not answer; the bench exits 2 with the message. */
export class ServiceUnreachableError extends Error {}

export class PostgresUnreachableError extends ServiceUnreachableError {}

export type BenchDatabase = {
  url: string;
  /** Dropped at the end: the bench created it. */
  isThrowAway: boolean;
  connect(): Promise<pg.Client>;
  dispose(): Promise<void>;
};

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function connectOrExplain(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new PostgresUnreachableError(`PostgreSQL is not reachable at ${url} (${reason}).`);
  }
}

/**
 * The bench's database: the one given (it should be empty: the bench adds a client, a site and its
 * devices), or a throw-away `vigil_bench_<pid>` on the local server, dropped by dispose().
 */
export async function openBenchDatabase(givenUrl: string | null): Promise<BenchDatabase> {
  if (givenUrl !== null) {
    await (await connectOrExplain(givenUrl)).end();
    return {
      url: givenUrl,
      isThrowAway: false,
      connect: () => connectOrExplain(givenUrl),
      dispose: async () => {},
    };
  }
  const name = `vigil_bench_${process.pid}`;
  const admin = await connectOrExplain(withDatabase(LOCAL_POSTGRES_URL, 'postgres'));
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(LOCAL_POSTGRES_URL, name);
  return {
    url,
    isThrowAway: true,
    connect: () => connectOrExplain(url),
    dispose: async () => {
      const dropper = await connectOrExplain(withDatabase(LOCAL_POSTGRES_URL, 'postgres'));
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export type StoredReadings = {
  rows: number;
  /** Rows per whole second of the window (by the rows' ts, the server's receive time). */
  perSecond: number[];
};

/**
 * Rows stored with ts in [from, to). Counting by ts window only, so it holds for any shape of
 * sensor_readings (device and text id today, a sensors dictionary key tomorrow).
 */
export async function countStoredReadings(db: Queryable, from: Date, to: Date): Promise<StoredReadings> {
  const buckets = await db.query<{ second: string; rows: string }>(
    `SELECT floor(extract(epoch FROM ts))::bigint AS second, count(*)::bigint AS rows
       FROM sensor_readings WHERE ts >= $1 AND ts < $2 GROUP BY 1`,
    [from.toISOString(), to.toISOString()],
  );
  const bySecond = new Map(buckets.rows.map((row) => [Number(row.second), Number(row.rows)]));
  const perSecond: number[] = [];
  for (let second = Math.ceil(from.getTime() / 1000); (second + 1) * 1000 <= to.getTime(); second += 1) {
    perSecond.push(bySecond.get(second) ?? 0);
  }
  const rows = buckets.rows.reduce((sum, row) => sum + Number(row.rows), 0);
  return { rows, perSecond };
}
