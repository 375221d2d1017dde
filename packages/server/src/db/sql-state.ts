type PgErrorFields = { code?: unknown; cause?: unknown };

/** The SQLSTATE of a PostgreSQL error (PGlite and node-postgres), looking through Drizzle's wrapping. */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, cause } = current as PgErrorFields;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return code;
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
  return sqlStateOf(error)?.startsWith('22') === true;
}
