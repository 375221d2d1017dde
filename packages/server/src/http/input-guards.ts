import { COMMON_MESSAGES, NON_FIELD_ERRORS } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

const MAX_DEPTH = 32;

/** The top-level field holding a string with a NUL character (PostgreSQL text cannot store one), if any. */
export function findNullCharacterField(
  value: unknown,
  field: string = NON_FIELD_ERRORS,
  depth = 0,
): string | undefined {
  if (typeof value === 'string') {
    return value.includes('\u0000') ? field : undefined;
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) {
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const name = depth === 0 && !Array.isArray(value) ? key : field;
    if (key.includes('\u0000')) {
      return name;
    }
    const found = findNullCharacterField(item, name, depth + 1);
    if (found !== undefined) {
      return found;
    }
  }
  return undefined;
}

/** Refuses NUL characters in bodies, query strings and path parameters with a 400, before any route runs. */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findNullCharacterField(part);
      if (field !== undefined) {
        throw AppError.validation({ [field]: [COMMON_MESSAGES.nullCharacter] });
      }
    }
  });
}
