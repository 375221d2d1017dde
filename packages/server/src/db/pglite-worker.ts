import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { openPgliteInstance } from './pglite-open';
import {
  type PgliteReady,
  type PgliteRequest,
  type PgliteResponse,
  type PgliteWorkerData,
  serializeError,
} from './pglite-protocol';

/**
 * The embedded database on its own thread (started by db/pglite-worker-client.ts): PGlite's WASM Postgres
 * runs here, so a long statement or a bulk COPY never stalls the server's event loop. Requests are answered
 * one at a time, in arrival order; the client decides that order (its lock keeps a transaction's statements
 * together).
 */
async function main(): Promise<void> {
  const port = parentPort;
  if (port === null) {
    throw new Error('pglite-worker.ts runs as a worker_threads Worker');
  }
  const { dataDir, snapshot } = workerData as PgliteWorkerData;
  let pglite: PGlite;
  try {
    pglite = await openPgliteInstance(dataDir, snapshot);
  } catch (error) {
    port.postMessage({ ready: false, error: serializeError(error) } satisfies PgliteReady);
    return;
  }
  port.postMessage({ ready: true } satisfies PgliteReady);

  let previous: Promise<void> = Promise.resolve();
  port.on('message', (request: PgliteRequest) => {
    previous = previous.then(async () => {
      port.postMessage(await answer(pglite, request));
      if (request.op === 'close') {
        port.close();
      }
    });
  });
}

async function answer(pglite: PGlite, request: PgliteRequest): Promise<PgliteResponse> {
  try {
    return { id: request.id, ok: true, result: await run(pglite, request) };
  } catch (error) {
    return { id: request.id, ok: false, error: serializeError(error) };
  }
}

async function run(pglite: PGlite, request: PgliteRequest): Promise<Results | Results[] | null> {
  switch (request.op) {
    case 'query':
      return pglite.query<Record<string, unknown>>(request.sql, request.params, queryOptionsOf(request));
    case 'exec':
      return pglite.exec(request.sql);
    case 'close':
      await pglite.close();
      return null;
  }
}

function queryOptionsOf(request: Extract<PgliteRequest, { op: 'query' }>): QueryOptions {
  const keepText = (value: string) => value;
  return {
    rowMode: request.rowMode,
    parsers: Object.fromEntries(request.rawTypes.map((type) => [type, keepText])),
    ...(request.paramTypes === undefined ? {} : { paramTypes: request.paramTypes }),
    ...(request.blob === undefined ? {} : { blob: new Blob([request.blob]) }),
  };
}

void main();
