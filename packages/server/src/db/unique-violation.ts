import { postgresErrorOf } from './sql-state';

/** PostgreSQL's unique_violation (PGlite and node-postgres both report it). */
const UNIQUE_VIOLATION = '23505';

/** The constraint a unique violation broke, looking through Drizzle's wrapping; undefined for other errors. */
export function uniqueViolationOf(error: unknown): string | undefined {
  const found = postgresErrorOf(error);
  if (found?.code !== UNIQUE_VIOLATION) {
    return undefined;
  }
  return typeof found.constraint === 'string' ? found.constraint : '';
}
