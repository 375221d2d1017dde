/** The fields Vigil reads of a PostgreSQL error: its SQLSTATE and, for constraint violations, the constraint. */
export type PostgresError = { code: string; constraint?: unknown };

type PgErrorFields = { code?: unknown; constraint?: unknown; cause?: unknown };

/** The PostgreSQL error (PGlite and node-postgres) in `error`, looking through Drizzle's wrapping. */
export function postgresErrorOf(error: unknown): PostgresError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, constraint, cause } = current as PgErrorFields;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint };
    }
    current = cause;
  }
  return undefined;
}

/**
 * True for PostgreSQL's data exceptions (class 22: a value out of range, a division by zero...): the rows a
 * statement read make it fail, so running it again on the same rows fails again. Lost connections, timeouts
 * and lack of memory are other classes, worth retrying as they are.
 */
export function isDataException(error: unknown): boolean {
  return postgresErrorOf(error)?.code.startsWith('22') === true;
}
