import fs from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { FifoLock } from './fifo-lock';
import {
  type PgliteReady,
  type PgliteResponse,
  type PgliteWorkerData,
  PgliteWorkerError,
} from './pglite-protocol';
import {
  copyOn,
  execOn,
  type PgliteQueryable,
  PgliteWorkerTransaction,
  queryOn,
  type Send,
  unwrap,
} from './pglite-worker-queries';

export type { PgliteQueryable } from './pglite-worker-queries';
export { PgliteWorkerTransaction } from './pglite-worker-queries';

export type PgliteWorkerEvents = {
  /** The worker ended without close(): its calls in flight failed; `restarting` unless the data was in memory. */
  onWorkerLost?: (error: Error, restarting: boolean) => void;
  /** A new worker opened the data directory again (PostgreSQL's crash recovery ran). */
  onWorkerRestarted?: () => void;
};

export type PgliteWorkerOptions = PgliteWorkerEvents & {
  /** Starts a worker on the data directory and resolves once PGlite is open in it (tests wrap it). */
  spawn?: (dataDir: string | undefined, snapshot?: string) => Promise<Worker>;
  /** With no data directory: a `dumpDataDir()` tarball the in-memory database starts from (tests). */
  snapshot?: string;
  /** Waits before each further attempt to start a new worker (ms); the last one repeats. */
  restartDelaysMs?: readonly number[];
};

const RESTART_DELAYS_MS = [0, 500, 2_000, 10_000] as const;

/**
 * PGlite on a worker_threads Worker (db/pglite-worker.ts), seen from the main thread as a PGlite client
 * that Drizzle accepts. One connection: every call and every transaction takes a FIFO lock, so the
 * statements of `transaction(fn)` run together on the worker while other callers wait their turn.
 *
 * A worker that ends on its own (PGlite's WASM aborting, out of memory) fails the calls in flight and, for a
 * data directory, is replaced: calls made meanwhile wait for the new worker, which opens the directory again
 * with PostgreSQL's crash recovery (committed transactions are in its WAL). A transaction begun on the lost
 * worker fails every later statement instead of running them, outside any transaction, on the new one.
 */
export class PgliteWorkerClient implements PgliteQueryable {
  readonly waitReady: Promise<void> = Promise.resolve();
  readonly #dataDir: string | undefined;
  readonly #options: PgliteWorkerOptions;
  readonly #lock = new FifoLock();
  readonly #pending = new Map<number, (response: PgliteResponse) => void>();
  #worker: Worker;
  /** Counts workers: a transaction's statements go only to the worker its BEGIN went to. */
  #generation = 0;
  /** Set while a lost worker is being replaced; calls wait for it. */
  #restarting: Promise<void> | undefined;
  /** False once the worker failed or ended, until a replacement is open. */
  #alive = true;
  #nextId = 1;
  /** close() was called: no replacement is started any more. */
  #closing = false;
  #closed = false;

  private constructor(worker: Worker, dataDir: string | undefined, options: PgliteWorkerOptions) {
    this.#dataDir = dataDir;
    this.#options = options;
    this.#worker = worker;
    this.#watch(worker);
  }

  /** Starts the worker and waits until PGlite is open in it (initdb on a new data directory). */
  static async start(
    dataDir: string | undefined,
    options: PgliteWorkerOptions = {},
  ): Promise<PgliteWorkerClient> {
    const worker = await (options.spawn ?? spawnPgliteWorker)(dataDir, options.snapshot);
    return new PgliteWorkerClient(worker, dataDir, options);
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    return this.#lock.run(async () => queryOn(await this.#current(), sql, params, options));
  }

  exec(sql: string, _options?: QueryOptions): Promise<Results[]> {
    return this.#lock.run(async () => execOn(await this.#current(), sql));
  }

  copyFromBlob(sql: string, bytes: Uint8Array): Promise<Results> {
    return this.#lock.run(async () => copyOn(await this.#current(), sql, bytes));
  }

  /** BEGIN, `fn` with a client on this transaction, COMMIT (ROLLBACK if `fn` throws); others wait meanwhile. */
  transaction<T>(fn: (tx: PgliteWorkerTransaction) => Promise<T>): Promise<T> {
    return this.#lock.run(async () => {
      const send = await this.#current();
      await execOn(send, 'BEGIN');
      const tx = new PgliteWorkerTransaction(send);
      try {
        const result = await fn(tx);
        if (!tx.closed) {
          await tx.end('COMMIT');
        }
        return result;
      } catch (error) {
        if (!tx.closed) {
          await tx.end('ROLLBACK').catch(() => undefined);
        }
        throw error;
      }
    });
  }

  /** Waits for the calls before it, closes PGlite (flushing to disk) and ends the worker. */
  async close(): Promise<void> {
    if (this.#closing) {
      return;
    }
    this.#closing = true;
    await this.#lock.run(async () => {
      await this.#restarting;
      const send = this.#alive ? await this.#current() : undefined;
      this.#closed = true;
      await send?.({ op: 'close' }).then(unwrap);
    });
    await this.#worker.terminate();
  }

  /** A sender bound to the worker running now (after a replacement under way, if any). */
  async #current(): Promise<Send> {
    if (this.#restarting !== undefined) {
      await this.#restarting;
    }
    if (this.#closed || !this.#alive) {
      throw new Error('The PGlite database is closed');
    }
    const worker = this.#worker;
    const generation = this.#generation;
    return (request, transfer = []) => {
      if (generation !== this.#generation) {
        return Promise.reject(
          new Error('The PGlite worker exited during this transaction; its statements were not run'),
        );
      }
      if (this.#closed && request.op !== 'close') {
        return Promise.reject(new Error('The PGlite database is closed'));
      }
      const id = this.#nextId++;
      if (this.#pending.size === 0) {
        worker.ref();
      }
      return new Promise((resolve) => {
        this.#pending.set(id, resolve);
        worker.postMessage({ ...request, id }, transfer);
      });
    };
  }

  #watch(worker: Worker): void {
    this.#alive = true;
    // Idle, the worker does not keep the process alive (as PGlite on the main thread does not).
    worker.unref();
    worker.on('message', (response: PgliteResponse) => this.#settle(worker, response));
    worker.on('error', (error) => this.#lost(worker, error));
    worker.on('exit', (code) => this.#lost(worker, new Error(`The PGlite worker exited (code ${code})`)));
  }

  #settle(worker: Worker, response: PgliteResponse): void {
    const resolve = this.#pending.get(response.id);
    this.#pending.delete(response.id);
    if (this.#pending.size === 0) {
      worker.unref();
    }
    resolve?.(response);
  }

  /** The worker failed or ended: fail its calls; replace it unless closing or the data was in memory. */
  #lost(worker: Worker, error: Error): void {
    if (worker !== this.#worker || !this.#alive) {
      return;
    }
    this.#alive = false;
    const failure = { name: error.name, message: error.message, stack: error.stack, fields: {} };
    for (const [id, resolve] of this.#pending) {
      resolve({ id, ok: false, error: failure });
    }
    this.#pending.clear();
    this.#generation += 1;
    if (this.#closing) {
      return;
    }
    // An 'error' event is followed by 'exit'; the replacement starts once, on whichever comes first, and
    // only after the lost worker has let go of the files.
    const ended = worker.terminate().catch(() => undefined);
    const restarting = this.#dataDir !== undefined;
    this.#options.onWorkerLost?.(error, restarting);
    if (!restarting) {
      this.#closed = true;
      return;
    }
    this.#restarting = ended
      .then(() => this.#replace())
      .finally(() => {
        this.#restarting = undefined;
      });
  }

  /** Starts workers until one opens the data directory (or the client is closed). */
  async #replace(): Promise<void> {
    const delays = this.#options.restartDelaysMs ?? RESTART_DELAYS_MS;
    for (let attempt = 0; !this.#closing; attempt += 1) {
      await sleep(delays[Math.min(attempt, delays.length - 1)] ?? 0);
      try {
        const worker = await (this.#options.spawn ?? spawnPgliteWorker)(this.#dataDir);
        if (this.#closing) {
          await worker.terminate();
          return;
        }
        this.#worker = worker;
        this.#watch(worker);
        this.#options.onWorkerRestarted?.();
        return;
      } catch (error) {
        this.#options.onWorkerLost?.(error instanceof Error ? error : new Error(String(error)), true);
      }
    }
  }
}

/** Starts a worker on the data directory and waits until PGlite is open in it. */
export async function spawnPgliteWorker(dataDir: string | undefined, snapshot?: string): Promise<Worker> {
  const workerData = { dataDir, ...(snapshot === undefined ? {} : { snapshot }) } satisfies PgliteWorkerData;
  const compiled = compiledWorker();
  const worker =
    compiled === null
      ? new Worker(workerBootstrap(), { eval: true, workerData })
      : new Worker(compiled, { workerData });
  const ready = await firstMessage(worker);
  if (!ready.ready) {
    await worker.terminate();
    throw new PgliteWorkerError(ready.error);
  }
  return worker;
}

const sleep = (ms: number) =>
  ms <= 0 ? Promise.resolve() : new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The worker's ready message, or its failure to start. */
function firstMessage(worker: Worker): Promise<PgliteReady> {
  return new Promise<PgliteReady>((resolve, reject) => {
    const onExit = (code: number) =>
      settle(() => reject(new Error(`The PGlite worker exited (code ${code})`)));
    const onError = (error: Error) => settle(() => reject(error));
    const onMessage = (ready: PgliteReady) => settle(() => resolve(ready));
    // Only our own listeners go: Worker keeps internal ones of its own.
    const settle = (outcome: () => void) => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      outcome();
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}

/**
 * The compiled build (scripts/build-server.ts) puts the worker beside the module that starts it:
 * `dist/pglite-worker.js`. Null when this module runs from its TypeScript source.
 */
function compiledWorker(): URL | null {
  if (!import.meta.url.endsWith('.js')) {
    return null;
  }
  const worker = new URL('./pglite-worker.js', import.meta.url);
  return fs.existsSync(worker) ? worker : null;
}

/**
 * From source, the worker is TypeScript. Node 20 applies neither a parent's `--import tsx` nor ESM loader hooks to a
 * worker's modules (and Vitest transforms only its own thread), so the worker loads its module through
 * tsx's CommonJS require hook, which works on any thread.
 */
function workerBootstrap(): string {
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const entry = fileURLToPath(new URL('./pglite-worker.ts', import.meta.url));
  return `require(${JSON.stringify(tsx)}).require(${JSON.stringify(entry)}, ${JSON.stringify(entry)});`;
}
