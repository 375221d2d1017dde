/**
 * PostgreSQL allows 65,535 bind parameters per statement: multi-row statements of at most 5,000 rows stay
 * below it for tables of up to 13 columns.
 */
export const ROWS_PER_STATEMENT = 5000;

/** `rows` in slices of at most ROWS_PER_STATEMENT, one statement each. */
export function* insertChunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    yield rows.slice(start, start + ROWS_PER_STATEMENT);
  }
}
