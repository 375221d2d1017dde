import { type SQL, sql } from 'drizzle-orm';

/**
 * An array parameter's literal, `{a,b,c}`, of texts that need no quoting (integers, hex, ISO-8601 instants). One
 * parameter whatever the count, for `any(...)` and `unnest(...)`, on PostgreSQL and PGlite alike.
 */
export const arrayLiteral = (items: readonly string[]): string => `{${items.join(',')}}`;

/** Integers as one `int[]` parameter. */
export const intArray = (values: readonly number[]): SQL =>
  sql`${arrayLiteral(values.map((value) => String(Math.trunc(value))))}::int[]`;
