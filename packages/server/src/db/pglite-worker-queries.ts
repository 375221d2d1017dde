import type { ParserOptions, QueryOptions, Results, RowMode } from '@electric-sql/pglite';
import { type PgliteRequest, type PgliteResponse, PgliteWorkerError } from './pglite-protocol';

/**
 * Statements on the PGlite worker's connection (pglite-worker-client.ts): a query, an exec, a COPY from bytes,
 * and the transaction client Drizzle runs on while the client's lock is held.
 */

export type Request = PgliteRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** A query on the worker's connection, outside the lock (the caller holds it). */
export type Send = (request: Request, transfer?: ArrayBuffer[]) => Promise<PgliteResponse>;

/** The part of PGlite's client interface Drizzle (drizzle-orm/pglite) and our COPY path use. */
export interface PgliteQueryable {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  /** COPY ... FROM '/dev/blob' with `bytes` as the file; the bytes move to the worker (not copied). */
  copyFromBlob(sql: string, bytes: Uint8Array): Promise<Results>;
}

/** What the client tells its owner about its worker (database.ts logs it). */
/** The client Drizzle's transaction runs on: the lock is already held, statements go straight through. */
export class PgliteWorkerTransaction implements PgliteQueryable {
  #closed = false;

  constructor(private readonly send: Send) {}

  get closed(): boolean {
    return this.#closed;
  }

  query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    return queryOn(this.#open(), sql, params, options);
  }

  exec(sql: string, _options?: QueryOptions): Promise<Results[]> {
    return execOn(this.#open(), sql);
  }

  copyFromBlob(sql: string, bytes: Uint8Array): Promise<Results> {
    return copyOn(this.#open(), sql, bytes);
  }

  /** Ends the transaction now, as PGlite's `tx.rollback()` does. */
  async rollback(): Promise<void> {
    await this.end('ROLLBACK');
  }

  async end(statement: 'COMMIT' | 'ROLLBACK'): Promise<void> {
    const send = this.#open();
    this.#closed = true;
    await execOn(send, statement);
  }

  #open(): Send {
    if (this.#closed) {
      throw new Error('The transaction is closed');
    }
    return this.send;
  }
}

export async function queryOn<T>(
  send: Send,
  sql: string,
  params: unknown[],
  options: QueryOptions,
): Promise<Results<T>> {
  if (options.serializers !== undefined || options.blob !== undefined) {
    throw new Error('serializers and blob do not cross to the PGlite worker; use copyFromBlob for COPY');
  }
  const parsers = options.parsers ?? {};
  const result = unwrap(
    await send({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode ?? 'object',
      rawTypes: Object.keys(parsers).map(Number),
      ...(options.paramTypes === undefined ? {} : { paramTypes: options.paramTypes }),
    }),
  ) as Results<T>;
  applyParsers(result, parsers, options.rowMode ?? 'object');
  return result;
}

export async function execOn(send: Send, sql: string): Promise<Results[]> {
  return unwrap(await send({ op: 'exec', sql })) as Results[];
}

export async function copyOn(send: Send, sql: string, bytes: Uint8Array): Promise<Results> {
  // A view on a larger buffer (or a shared one) is copied into its own buffer, which is then moved.
  const own =
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength &&
    bytes.buffer instanceof ArrayBuffer
      ? bytes.buffer
      : bytes.slice().buffer;
  const request: Request = { op: 'query', sql, params: [], rowMode: 'object', rawTypes: [], blob: own };
  return unwrap(await send(request, [own])) as Results;
}

export function unwrap(response: PgliteResponse): Results | Results[] | null {
  if (!response.ok) {
    throw new PgliteWorkerError(response.error);
  }
  return response.result;
}

/** The caller's own parsers (Drizzle keeps timestamps as text), applied to the values the worker left as text. */
function applyParsers(result: Results<unknown>, parsers: ParserOptions, rowMode: RowMode): void {
  const columns = result.fields
    .map((field, index) => ({
      key: rowMode === 'array' ? index : field.name,
      parse: parsers[field.dataTypeID],
    }))
    .filter((column) => column.parse !== undefined);
  if (columns.length === 0) {
    return;
  }
  for (const row of result.rows as Array<Record<string | number, unknown>>) {
    for (const { key, parse } of columns) {
      const value = row[key];
      if (typeof value === 'string' && parse !== undefined) {
        row[key] = parse(value);
      }
    }
  }
}
