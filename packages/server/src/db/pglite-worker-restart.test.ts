import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { PgliteWorkerClient, type PgliteWorkerOptions, spawnPgliteWorker } from './pglite-worker-client';

/** A client whose workers the test can end abruptly, as PGlite's WASM aborting would. */
async function startWatched(dataDir: string | undefined, options: PgliteWorkerOptions = {}) {
  const workers: Worker[] = [];
  const lost: Array<{ message: string; restarting: boolean }> = [];
  let restarted = 0;
  const client = await PgliteWorkerClient.start(dataDir, {
    restartDelaysMs: [0],
    ...options,
    spawn: async (dir) => {
      const worker = await (options.spawn ?? spawnPgliteWorker)(dir);
      workers.push(worker);
      return worker;
    },
    onWorkerLost: (error, restarting) => lost.push({ message: error.message, restarting }),
    onWorkerRestarted: () => {
      restarted += 1;
    },
  });
  const crash = async () => {
    await workers.at(-1)?.terminate();
  };
  return { client, workers, lost, crash, restarted: () => restarted };
}

describe('a PGlite worker that ends on its own', () => {
  const dirs: string[] = [];
  const clients: PgliteWorkerClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    for (const dir of dirs.splice(0)) {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-pglite-restart-'));
    dirs.push(dir);
    return dir;
  };

  it('is replaced on its data directory: committed rows stay, the transaction it held fails whole', async () => {
    const watched = await startWatched(tempDir());
    const { client } = watched;
    clients.push(client);
    await client.exec('create table things (id int primary key, name text not null)');
    await client.query("insert into things values (1, 'committed')");

    const seen: string[] = [];
    const transaction = client.transaction(async (tx) => {
      await tx.query("insert into things values (2, 'in flight')");
      await watched.crash();
      seen.push(await tx.query('select 1').then(String, (error: Error) => error.message));
      // Had this run on the new worker, it would have committed outside any transaction.
      seen.push(
        await tx
          .query("insert into things values (3, 'after the loss')")
          .then(String, (error: Error) => error.message),
      );
    });
    // Made while the transaction holds the connection: waits for it and then for the new worker.
    const waiting = client.query<{ id: number }>('select id from things order by id');

    const lostStatement = 'The PGlite worker exited during this transaction; its statements were not run';
    // Its COMMIT cannot go anywhere either.
    await expect(transaction).rejects.toThrow(lostStatement);
    expect(seen[0]).toMatch(/closed|exited/);
    expect(seen[1]).toBe(lostStatement);
    expect((await waiting).rows).toEqual([{ id: 1 }]);
    expect(watched.lost).toEqual([{ message: 'The PGlite worker exited (code 1)', restarting: true }]);
    expect(watched.restarted()).toBe(1);
    expect(watched.workers).toHaveLength(2);

    await client.query("insert into things values (4, 'on the new worker')");
    const { rows } = await client.query<{ id: number }>('select id from things order by id');
    expect(rows).toEqual([{ id: 1 }, { id: 4 }]);
  });

  it('loses no committed COPY when it ends in the middle of the next one', async () => {
    const watched = await startWatched(tempDir());
    const { client } = watched;
    clients.push(client);
    await client.exec('create table readings (id int primary key, value float8 not null)');
    const rowsOf = (from: number, count: number) =>
      new TextEncoder().encode(
        Array.from({ length: count }, (_, index) => `${from + index}\t${index / 7}\n`).join(''),
      );
    await client.copyFromBlob("copy readings from '/dev/blob'", rowsOf(0, 50_000));

    const inFlight = client.copyFromBlob("copy readings from '/dev/blob'", rowsOf(50_000, 200_000));
    await watched.crash();
    const outcome = await inFlight.then(
      () => 'stored',
      () => 'failed',
    );

    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from readings');
    // Either the whole COPY committed before the end or none of it did; the first one is whole.
    expect(rows[0]?.n).toBe(outcome === 'stored' ? 250_000 : 50_000);
  });

  it('is not replaced when the data was in memory: later calls fail plainly', async () => {
    const watched = await startWatched(undefined);
    const { client } = watched;
    clients.push(client);
    await client.query('select 1');
    await watched.crash();
    await expect(client.query('select 1')).rejects.toThrow('The PGlite database is closed');
    expect(watched.lost).toEqual([{ message: 'The PGlite worker exited (code 1)', restarting: false }]);
    expect(watched.restarted()).toBe(0);
  });

  it('keeps trying to open the directory again, and close() ends the attempts', async () => {
    let failures = 0;
    let started = false;
    const watched = await startWatched(tempDir(), {
      restartDelaysMs: [0, 10],
      spawn: async (dataDir) => {
        if (started) {
          failures += 1;
          throw new Error('the data directory is not readable');
        }
        started = true;
        return spawnPgliteWorker(dataDir);
      },
    });
    await watched.crash();
    await expect.poll(() => failures).toBeGreaterThanOrEqual(3);
    expect(watched.lost.slice(0, 2)).toEqual([
      { message: 'The PGlite worker exited (code 1)', restarting: true },
      { message: 'the data directory is not readable', restarting: true },
    ]);
    await watched.client.close();
    const attempts = failures;
    await expect(watched.client.query('select 1')).rejects.toThrow('closed');
    expect(failures).toBeLessThanOrEqual(attempts + 1);
  });
});
