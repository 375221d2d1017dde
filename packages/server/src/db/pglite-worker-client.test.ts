import { types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteWorkerClient } from './pglite-worker-client';
import { uniqueViolationOf } from './unique-violation';

// The embedded database on its worker thread, driven directly (Drizzle over it: database.test.ts).
describe('PGlite worker client', () => {
  let client: PgliteWorkerClient;

  beforeAll(async () => {
    client = await PgliteWorkerClient.start(undefined);
    await client.exec(`
      create table things (id int primary key, name text not null constraint things_name_key unique);
      create table kinds (at timestamptz, big int8, raw bytea, doc jsonb, flag bool, n float8);
    `);
  });
  afterAll(async () => client.close());

  it('answers a query with parameters, in object or array rows', async () => {
    await client.query('insert into things values ($1, $2), ($3, $4)', [1, 'pump', 2, 'valve']);
    const objects = await client.query<{ id: number; name: string }>(
      'select id, name from things where id >= $1 order by id',
      [1],
    );
    expect(objects.rows).toEqual([
      { id: 1, name: 'pump' },
      { id: 2, name: 'valve' },
    ]);
    expect(objects.fields.map((field) => field.name)).toEqual(['id', 'name']);
    const arrays = await client.query('select id, name from things order by id', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([
      [1, 'pump'],
      [2, 'valve'],
    ]);
    await client.query('delete from things');
  });

  it('gives PGlite-parsed values as on the main thread: Date, int8, Uint8Array bytea, json', async () => {
    const at = new Date('2026-11-24T04:00:00.125Z');
    await client.query('insert into kinds values ($1, $2, $3, $4, $5, $6)', [
      at,
      '9007199254740993',
      Buffer.from([0, 1, 255]),
      JSON.stringify({ a: [1, 'x'] }),
      true,
      null,
    ]);
    const { rows } = await client.query<Record<string, unknown>>('select * from kinds');
    expect(rows[0]?.at).toEqual(at);
    expect(rows[0]?.big).toBe(9007199254740993n);
    expect(rows[0]?.raw).toBeInstanceOf(Uint8Array);
    expect(Array.from(rows[0]?.raw as Uint8Array)).toEqual([0, 1, 255]);
    expect(rows[0]).toMatchObject({ doc: { a: [1, 'x'] }, flag: true, n: null });
  });

  it("applies the caller's parsers (functions stay on the main thread) to the text of their types", async () => {
    const { rows } = await client.query<unknown[]>(
      "select '2026-11-24 04:00:00+00'::timestamptz as at, 7::int4 as n, null::int4 as missing",
      [],
      {
        rowMode: 'array',
        parsers: { [types.TIMESTAMPTZ]: (text) => `text:${text}`, [types.INT4]: (text) => Number(text) * 2 },
      },
    );
    expect(rows).toEqual([['text:2026-11-24 04:00:00+00', 14, null]]);
  });

  it('commits a transaction, and rolls it back when its function throws', async () => {
    const value = await client.transaction(async (tx) => {
      await tx.query('insert into things values (10, $1)', ['kept']);
      return (await tx.query<{ n: number }>('select count(*)::int as n from things')).rows[0]?.n;
    });
    expect(value).toBe(1);
    await expect(
      client.transaction(async (tx) => {
        await tx.query("insert into things values (11, 'dropped')");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await client.transaction(async (tx) => {
      await tx.query("insert into things values (12, 'dropped too')");
      await tx.rollback();
    });
    const { rows } = await client.query('select name from things order by id');
    expect(rows).toEqual([{ name: 'kept' }]);
    await client.query('delete from things');
  });

  it('makes other callers wait while a transaction is open, in the order they came', async () => {
    const order: string[] = [];
    let outsider: Promise<unknown> = Promise.resolve();
    let outsiderSettled = false;
    await expect(
      client.transaction(async (tx) => {
        await tx.query("insert into things values (20, 'uncommitted')");
        outsider = client.query<{ n: number }>('select count(*)::int as n from things').then((result) => {
          outsiderSettled = true;
          order.push('outsider');
          return result.rows[0]?.n;
        });
        const later = client.query('select 1').then(() => order.push('later'));
        // Several round trips on the transaction: the outsider, had it run, would have settled by now.
        for (let step = 0; step < 5; step += 1) {
          await tx.query('select pg_sleep(0.01)');
        }
        expect(outsiderSettled).toBe(false);
        void later;
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // Run on the transaction's connection, the outsider would have counted the uncommitted row.
    expect(await outsider).toBe(0);
    await client.query('select 1');
    expect(order).toEqual(['outsider', 'later']);
  });

  it("keeps PostgreSQL's error fields across the thread boundary", async () => {
    await client.query("insert into things values (30, 'dup')");
    const error = await client.query("insert into things values (31, 'dup')").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'things_name_key', severity: 'ERROR' });
    expect(uniqueViolationOf(error)).toBe('things_name_key');
    const inTransaction = await client
      .transaction(async (tx) => tx.query('select * from no_such_table'))
      .catch((e: unknown) => e);
    expect(inTransaction).toMatchObject({
      code: '42P01',
      message: 'relation "no_such_table" does not exist',
    });
    // The failed transaction was rolled back: the connection works.
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await client.query('delete from things');
  });

  it('loads COPY input from bytes moved to the worker', async () => {
    const bytes = new TextEncoder().encode('40\tcopied\n41\ttab\\tinside\n');
    const result = await client.copyFromBlob("copy things from '/dev/blob'", bytes);
    expect(result.affectedRows).toBe(2);
    // Moved, not copied: the caller's buffer is detached.
    expect(bytes.byteLength).toBe(0);
    const { rows } = await client.query('select id, name from things where id >= 40 order by id');
    expect(rows).toEqual([
      { id: 40, name: 'copied' },
      { id: 41, name: 'tab\tinside' },
    ]);
  });
});

describe('closing the PGlite worker client', () => {
  it('finishes the calls before it, then refuses new ones', async () => {
    const client = await PgliteWorkerClient.start(undefined);
    const before = client.query('select 1 as one');
    const closing = client.close();
    expect((await before).rows).toEqual([{ one: 1 }]);
    await closing;
    expect(client.closed).toBe(true);
    await expect(client.query('select 1')).rejects.toThrow('closed');
    await client.close();
  });
});
