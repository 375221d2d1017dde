import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-pglite-worker-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// Two PGlite starts (initdb, then a reopen) in one test: minutes on a loaded 2-core machine. A ceiling, not a wait.
const TWO_STARTS_CEILING_MS = 900_000;

describe('the embedded database in a data directory, on its worker thread', () => {
  it(
    'keeps what was written after a close and a reopen, and holds the lock file while open',
    async () => {
      const first = await openDatabase({ kind: 'pglite', dataDir });
      expect(fs.readFileSync(path.join(dataDir, 'vigil.lock'), 'utf8')).toBe(String(process.pid));
      await first.db.execute(sql`create table notes (id int primary key, body text, at timestamptz)`);
      await first.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes values (1, ${'kept'}, ${'2026-11-24T05:00:00Z'})`);
      });
      await first.close();
      expect(fs.existsSync(path.join(dataDir, 'vigil.lock'))).toBe(false);

      const second = await openDatabase({ kind: 'pglite', dataDir });
      try {
        const { rows } = (await second.db.execute(sql`select id, body, at from notes`)) as unknown as {
          rows: unknown[];
        };
        // Drizzle keeps timestamps as PostgreSQL's text on PGlite; the worker hands its parser the same text.
        expect(rows).toEqual([{ id: 1, body: 'kept', at: '2026-11-24 05:00:00+00' }]);
        await second.ping();
      } finally {
        await second.close();
      }
    },
    TWO_STARTS_CEILING_MS,
  );
});

describe('an in-memory database started from a snapshot', () => {
  it.each(['worker', 'main'] as const)(
    'holds the tables and rows of the dumped database (PGlite on the %s thread), and is its own copy',
    async (thread) => {
      const source = new PGlite();
      await source.exec(
        "create table notes (id int primary key, body text); insert into notes values (1, 'dumped')",
      );
      const snapshot = path.join(dataDir, `snapshot-${thread}.tar`);
      fs.writeFileSync(snapshot, Buffer.from(await (await source.dumpDataDir('none')).arrayBuffer()));
      await source.close();

      const first = await openDatabase({ kind: 'pglite-memory', thread, snapshot });
      const second = await openDatabase({ kind: 'pglite-memory', thread, snapshot });
      try {
        await first.db.execute(sql`insert into notes values (2, 'only in the first')`);
        const rowsOf = async (database: typeof first) =>
          (
            (await database.db.execute(sql`select id, body from notes order by id`)) as unknown as {
              rows: unknown[];
            }
          ).rows;
        expect(await rowsOf(first)).toEqual([
          { id: 1, body: 'dumped' },
          { id: 2, body: 'only in the first' },
        ]);
        expect(await rowsOf(second)).toEqual([{ id: 1, body: 'dumped' }]);
      } finally {
        await first.close();
        await second.close();
      }
    },
    TWO_STARTS_CEILING_MS,
  );
});
