import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type DatabaseHandle, MIGRATIONS_FOLDER, openDatabase } from '../src/db/database';
import { findService } from './services';

/** Every file of the migrations folder, and PGlite's version: a snapshot built from other ones is not used. */
async function snapshotKey(): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(MIGRATIONS_FOLDER, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) {
    hash.update(path.relative(MIGRATIONS_FOLDER, file)).update(await readFile(file));
  }
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) {
    dir = path.dirname(dir);
  }
  hash.update(await readFile(path.join(dir, 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated, empty PGlite database as a `dumpDataDir()` tarball in the temporary directory, built once for
 * all test files: a new PGlite takes seconds to initialise, one loaded from this about a second
 * (docs/performance.md 'The test suite's duration'). Written under another name and renamed, so a test file of
 * another worker never reads half of it.
 */
async function buildMigratedSnapshot(): Promise<string> {
  const file = path.join(os.tmpdir(), `vigil-test-pglite-${await snapshotKey()}.tar`);
  if (existsSync(file)) {
    return file;
  }
  const pglite = new PGlite();
  try {
    await migrate(drizzle({ client: pglite }), { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await pglite.dumpDataDir('none');
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await pglite.close();
  }
  return file;
}

/** Built (or found) once per worker: the test files of a worker share this module (vitest.config.ts). */
let migratedSnapshot: Promise<string> | undefined;

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throw-away
 * database on the PostgreSQL server of TEST_DATABASE_URL when VIGIL_TEST_DRIVER=postgres.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.VIGIL_TEST_DRIVER !== 'postgres') {
    migratedSnapshot ??= buildMigratedSnapshot();
    const database = await openDatabase({ kind: 'pglite-memory', snapshot: await migratedSnapshot });
    // Applies nothing (the snapshot's key covers every migration): migrated the way the server migrates.
    await database.migrate();
    return database;
  }
  // The PostgreSQL run (vitest.config.ts) never falls back to PGlite: without its server every file fails.
  const postgres = await findService('postgres');
  if ('missing' in postgres) {
    throw new Error(`VIGIL_TEST_DRIVER=postgres runs on PostgreSQL, but ${postgres.missing}.`);
  }
  const serverUrl = postgres.url;
  const name = `vigil_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
