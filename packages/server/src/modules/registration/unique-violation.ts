/** PostgreSQL's unique_violation (PGlite and node-postgres both report it). */
const UNIQUE_VIOLATION = '23505';

type PgErrorFields = { code?: unknown; constraint?: unknown; cause?: unknown };

/** The constraint a unique violation broke, looking through Drizzle's wrapping; undefined for other errors. */
export function uniqueViolationOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && typeof current === 'object' && current !== null; depth += 1) {
    const fields = current as PgErrorFields;
    if (fields.code === UNIQUE_VIOLATION) {
      return typeof fields.constraint === 'string' ? fields.constraint : '';
    }
    current = fields.cause;
  }
  return undefined;
}
