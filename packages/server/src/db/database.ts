import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverPath } from '../paths/package-root';
import { ADVISORY_LOCKS } from './advisory-locks';
import { acquireDataDirLock } from './data-dir-lock';
import { openPgliteInstance } from './pglite-open';
import { PgliteWorkerClient, type PgliteWorkerEvents } from './pglite-worker-client';
/**
 * Drizzle database over either driver; repositories take this and never know which. It names no table:
 * repositories import the tables they query (db/tables/), and nothing uses Drizzle's relational `db.query`.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for messages: a directory or a server URL without its password. */
  location: string;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** Where PGlite runs: its own worker thread (default: the event loop stays free), or the server's thread. */
export type PgliteThread = 'worker' | 'main';

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string; thread?: PgliteThread }
  /** `snapshot`: a `dumpDataDir()` tarball to start from instead of an empty database (test-database.ts). */
  | { kind: 'pglite-memory'; thread?: PgliteThread; snapshot?: string };

export const MIGRATIONS_FOLDER = serverPath('drizzle');

/** Opens the embedded PGlite (locked to this process) or a PostgreSQL pool. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    return openPostgres(options.url, options.poolSize ?? 10);
  }
  return options.kind === 'pglite'
    ? openPglite(options.dataDir, options.thread ?? 'worker')
    : openPglite(undefined, options.thread ?? 'worker', options.snapshot);
}

async function openPglite(
  dataDir: string | undefined,
  thread: PgliteThread,
  snapshot?: string,
): Promise<DatabaseHandle> {
  const lock = dataDir === undefined ? undefined : acquireDataDirLock(dataDir);
  try {
    const client =
      thread === 'worker'
        ? await PgliteWorkerClient.start(dataDir, {
            ...WORKER_EVENTS,
            ...(snapshot === undefined ? {} : { snapshot }),
          })
        : await openPgliteInstance(dataDir, snapshot);
    // The worker client answers the calls Drizzle's PGlite session makes (query with rowMode and parsers,
    // exec, transaction); db/pglite-worker-client.ts.
    const db = drizzlePglite({ client: client as PGlite });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      location: dataDir ?? 'memory',
      migrate: async () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** The embedded database's worker ending on its own is logged where start-up failures go (runtime.ts). */
const WORKER_EVENTS: PgliteWorkerEvents = {
  onWorkerLost: (error, restarting) =>
    process.stderr.write(
      `The embedded database's worker stopped: ${error.message}.${restarting ? ' Opening the data directory again.' : ''}\n`,
    ),
  onWorkerRestarted: () => process.stderr.write('The embedded database is open again.\n'),
};

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that errors (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    location: redactUrl(url),
    migrate: async () => {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
        await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await lockClient
          .query('select pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations])
          .catch(() => undefined);
        lockClient.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => pool.end(),
  };
}

/** postgres://user:secret@host/db → postgres://user:***@host/db */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') {
      parsed.password = '***';
    }
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/** Chooses the driver from the configuration. */
export function databaseOptionsFor(config: {
  databaseUrl: string | undefined;
  dataDir: string;
  pgliteThread: PgliteThread;
}): DatabaseOptions {
  return config.databaseUrl === undefined
    ? { kind: 'pglite', dataDir: config.dataDir, thread: config.pgliteThread }
    : { kind: 'postgres', url: config.databaseUrl };
}
