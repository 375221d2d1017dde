import { z } from 'zod';

/** `{detail}` body of 401, 403, 404 and 429 answers (design.md section 3). */
export const ErrorDetailSchema = z.object({ detail: z.string() }).describe('Error with a message');
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;

/** 400 body: each field maps to its messages; errors not tied to a field go under `non_field_errors`. */
export const ValidationErrorSchema = z
  .record(z.string(), z.array(z.string()))
  .describe('Field name to list of messages');
export type ValidationError = z.infer<typeof ValidationErrorSchema>;

export const NON_FIELD_ERRORS = 'non_field_errors';

export const PaginationQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional().describe('Page size'),
  offset: z.coerce.number().int().min(0).optional().describe('Rows to skip'),
});
export type PaginationQuery = z.infer<typeof PaginationQuerySchema>;

/** `{count, next, previous, results}` list envelope. */
export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export type Paginated<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/** Largest id a PostgreSQL integer column holds; larger ids are refused as input, never sent to the database. */
export const MAX_ID = 2_147_483_647;

/** A row id in a body. */
export const IdSchema = z.number().int().positive().max(MAX_ID);
/** A row id in a path or query string. */
export const IdParamSchema = z.coerce.number().int().positive().max(MAX_ID);

export const IdParamsSchema = z.object({ id: IdParamSchema });

export const COMMON_MESSAGES = {
  unexpected: 'An unexpected error occurred.',
  notFound: 'Not found.',
  permissionDenied: 'You do not have permission to perform this action.',
  notAuthenticated: 'Authentication credentials were not provided.',
  invalidToken: 'Invalid or expired token.',
  serverConnectionProblem: 'Server connection problem',
  /** PostgreSQL text cannot hold NUL characters: they are refused before any route runs. */
  nullCharacter: 'Null characters are not allowed.',
  /** Nor a lone UTF-16 surrogate (half of an emoji, say): it has no UTF-8 form. */
  unpairedSurrogate: 'Invalid character: a broken Unicode character (unpaired surrogate) is not allowed.',
} as const;
