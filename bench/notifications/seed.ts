import type pg from 'pg';
import { openDatabase } from '../../packages/server/src/db/database';
import {
  assignToSite,
  buildClient,
  buildDevice,
  buildSite,
  buildUser,
} from '../../packages/server/test/factories';
import type { BenchDatabase } from '../ingest/bench-database';
import { runCli, type VigilEnv } from '../ingest/vigil-process';
import { SITE_MANAGER, SUPER_USER } from './calls';
import { chunkInsertSql, DEVICES_TABLE_SQL } from './seed-sql';
import { busySiteCount, CLIENTS, DAY_MS, DEVICES_PER_SITE, siteSlots } from './site-plan';

/**
 * The seeded log: clients, sites, devices and the two readers made with the server's own factories, then the
 * notifications written by server-side SQL in chunks (seed-sql.ts) and VACUUM (ANALYZE). A seeded database
 * remembers what it holds in its comment (COMMENT ON DATABASE), which --reuse reads.
 */

type Say = (line: string) => void;
const CHUNK_ROWS = 250_000;

export type SeedFigures = {
  rows: number;
  insertSeconds: number;
  rowsPerSecond: number;
  vacuumSeconds: number;
  tableMb: number;
  indexesMb: number;
};

export type SeedRecord = {
  bench: 'notifications';
  sites: Array<{ id: number; busy: boolean }>;
  managerSiteId: number;
  /** The history's span (epoch ms). */
  fromMs: number;
  toMs: number;
  load: SeedFigures;
};

/** Before the server first starts: its CLI migrates the database and creates the super user. */
async function createSuperUser(env: VigilEnv): Promise<void> {
  await runCli(env, [
    'create-superuser',
    '--email',
    SUPER_USER.email,
    '--password',
    SUPER_USER.password,
    '--name',
    'Notifications Bench',
  ]);
}

/** Clients, sites (the first tenth busy), DEVICES_PER_SITE devices each, and the manager of the first site. */
async function buildPlaces(url: string, sites: number): Promise<SeedRecord['sites']> {
  const storage = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  try {
    const { db } = storage;
    const clients = [];
    for (let n = 1; n <= CLIENTS; n += 1) {
      clients.push(await buildClient(db, { company: `Bench Client ${n}` }));
    }
    const built: Array<{ id: number; busy: boolean }> = [];
    for (let index = 0; index < sites; index += 1) {
      const client = clients[index % CLIENTS];
      if (client === undefined) {
        throw new Error('no client');
      }
      const site = await buildSite(db, client, { title: `Bench Site ${index + 1}` });
      built.push({ id: site.id, busy: index < busySiteCount(sites) });
      if (index === 0) {
        const manager = await buildUser(db, {
          email: SITE_MANAGER.email,
          password: SITE_MANAGER.password,
          fullName: 'Site Manager',
          roles: { isManager: true },
        });
        await assignToSite(db, manager, site, 'Manager');
      }
      for (let device = 1; device <= DEVICES_PER_SITE; device += 1) {
        await buildDevice(db, site, { title: `Site ${index + 1} detector ${device}` });
      }
    }
    return built;
  } finally {
    await storage.close();
  }
}

async function fillDevicesTable(client: pg.ClientBase, sites: SeedRecord['sites']): Promise<void> {
  await client.query(DEVICES_TABLE_SQL);
  await client.query('TRUNCATE bench_devices');
  await client.query(
    `INSERT INTO bench_devices (k, device_id, location_id, title)
     SELECT (s.ordinality - 1) * $2::int + (row_number() OVER (PARTITION BY d.location_id ORDER BY d.id) - 1),
       d.id, d.location_id, d.title
     FROM unnest($1::int[]) WITH ORDINALITY AS s(id, ordinality) JOIN devices d ON d.location_id = s.id`,
    [sites.map((site) => site.id), DEVICES_PER_SITE],
  );
}

const mb = (bytes: string | undefined) => Math.round(Number(bytes ?? 0) / 1024 / 1024);

/** Provisions the places and readers, then writes `rows` notifications over `days` ending now. */
export async function seedLog(
  database: BenchDatabase,
  env: VigilEnv,
  client: pg.ClientBase,
  size: { rows: number; sites: number; days: number },
  say: Say,
): Promise<SeedRecord> {
  const toMs = Date.now();
  const fromMs = toMs - size.days * DAY_MS;
  await createSuperUser(env);
  const sites = await buildPlaces(database.url, size.sites);
  // Both readers joined before the history: a reader who never read has every row of their sites unread.
  await client.query('UPDATE users SET date_joined = $1', [new Date(fromMs - DAY_MS).toISOString()]);
  await fillDevicesTable(client, sites);
  const slots = siteSlots(size.sites);
  const chunks = Math.ceil(size.rows / CHUNK_ROWS);
  const spanPerChunk = (toMs - fromMs) / chunks;
  say(`Seeding ${size.rows.toLocaleString('en-US')} notifications in ${chunks} chunks …`);
  const started = performance.now();
  let written = 0;
  for (let chunk = 0; chunk < chunks; chunk += 1) {
    const rows = Math.min(CHUNK_ROWS, size.rows - written);
    const start = new Date(fromMs + chunk * spanPerChunk);
    await client.query(chunkInsertSql(), [
      start.toISOString(),
      rows,
      spanPerChunk / rows,
      slots,
      DEVICES_PER_SITE,
    ]);
    written += rows;
    if ((chunk + 1) % 4 === 0 || chunk === chunks - 1) {
      const seconds = (performance.now() - started) / 1000;
      say(
        `  ${written.toLocaleString('en-US')} rows, ${seconds.toFixed(0)} s (${Math.round(written / seconds).toLocaleString('en-US')} rows/s)`,
      );
    }
  }
  const insertSeconds = (performance.now() - started) / 1000;
  say('VACUUM (ANALYZE) notifications …');
  const vacuumStarted = performance.now();
  await client.query('VACUUM (ANALYZE) notifications');
  const vacuumSeconds = (performance.now() - vacuumStarted) / 1000;
  const { rows: sizes } = await client.query<{ table: string; indexes: string }>(
    `SELECT pg_table_size('notifications') AS table, pg_indexes_size('notifications') AS indexes`,
  );
  const record: SeedRecord = {
    bench: 'notifications',
    sites,
    managerSiteId: sites[0]?.id ?? 0,
    fromMs,
    toMs,
    load: {
      rows: written,
      insertSeconds,
      rowsPerSecond: written / insertSeconds,
      vacuumSeconds,
      tableMb: mb(sizes[0]?.table),
      indexesMb: mb(sizes[0]?.indexes),
    },
  };
  const name = (await client.query<{ name: string }>('SELECT current_database() AS name')).rows[0]?.name;
  await client.query(`COMMENT ON DATABASE "${name}" IS '${JSON.stringify(record).replaceAll("'", "''")}'`);
  return record;
}

/** What an earlier run seeded into this database, from the comment it left there. */
export async function reuseSeed(client: pg.ClientBase): Promise<SeedRecord> {
  const { rows } = await client.query<{ comment: string | null }>(
    `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = current_database()`,
  );
  let record: Partial<SeedRecord> | null = null;
  try {
    record = JSON.parse(rows[0]?.comment ?? 'null') as Partial<SeedRecord> | null;
  } catch {
    record = null;
  }
  if (record?.bench !== 'notifications' || record.sites === undefined || record.load === undefined) {
    throw new Error('this database was not seeded by bench:notifications (run it with --keep first)');
  }
  return record as SeedRecord;
}
