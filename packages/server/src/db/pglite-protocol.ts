import type { Results, RowMode } from '@electric-sql/pglite';

/** What the main thread asks of the PGlite worker (db/pglite-worker.ts); one answer per `id`. */
export type PgliteRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: RowMode;
      /** Type OIDs the caller parses itself: the worker leaves their values as PostgreSQL's text. */
      rawTypes: number[];
      paramTypes?: number[];
      /** COPY ... FROM '/dev/blob' input, transferred (not copied) to the worker. */
      blob?: ArrayBuffer;
    }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'close' };

export type PgliteResponse =
  | { id: number; ok: true; result: Results | Results[] | null }
  | { id: number; ok: false; error: SerializedError };

/** The worker's first message: PGlite is open, or why it is not. */
export type PgliteReady = { ready: true } | { ready: false; error: SerializedError };

/** `snapshot`: with no data directory, a `dumpDataDir()` tarball the in-memory database starts from (tests). */
export type PgliteWorkerData = { dataDir: string | undefined; snapshot?: string };

/**
 * An Error as plain data: structured clone keeps only name, message and stack of an Error, and callers read
 * PostgreSQL's fields (`code` '23505', `constraint`, `detail`) from PGlite's DatabaseError.
 */
export type SerializedError = {
  name: string;
  message: string;
  stack: string | undefined;
  fields: Record<string, string | number | boolean>;
};

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) {
    return { name: 'Error', message: String(error), stack: undefined, fields: {} };
  }
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      fields[key] = value;
    }
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/** The worker's error rebuilt on the main thread, with PostgreSQL's fields as own properties. */
export class PgliteWorkerError extends Error {
  [field: string]: unknown;

  constructor(serialized: SerializedError) {
    super(serialized.message);
    Object.assign(this, serialized.fields);
    this.name = serialized.name;
    // The worker's stack says where PGlite failed; the caller's own frames follow on the main thread.
    this.stack = `${serialized.stack ?? serialized.message}\n    --- from the PGlite worker, called at ---\n${
      new Error().stack?.split('\n').slice(1).join('\n') ?? ''
    }`;
  }
}
