import { COMMON_MESSAGES, NON_FIELD_ERRORS } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

const MAX_DEPTH = 32;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why PostgreSQL cannot store `text`, if it cannot: text and jsonb hold no NUL character, and an unpaired UTF-16
 * surrogate (valid in a JSON escape, `"\ud800"`) has no UTF-8 form. Either answered 500 from the database.
 */
export function unstorableTextIssue(text: string): string | undefined {
  if (text.includes('\u0000')) {
    return COMMON_MESSAGES.nullCharacter;
  }
  return UNPAIRED_SURROGATE.test(text) ? COMMON_MESSAGES.unpairedSurrogate : undefined;
}

export type UnstorableField = { field: string; message: string };

/** The top-level field holding a text (value or key) that cannot be stored, and why; undefined when all can. */
export function findUnstorableField(
  value: unknown,
  field: string = NON_FIELD_ERRORS,
  depth = 0,
): UnstorableField | undefined {
  if (typeof value === 'string') {
    const message = unstorableTextIssue(value);
    return message === undefined ? undefined : { field, message };
  }
  // Bytes are not text: a Buffer body (HTTP ingest parses its own) walked byte by byte cost ~50 ms per 200 KB
  // before any credential was checked.
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || depth > MAX_DEPTH) {
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const name = depth === 0 && !Array.isArray(value) ? key : field;
    const keyIssue = unstorableTextIssue(key);
    if (keyIssue !== undefined) {
      return { field: name, message: keyIssue };
    }
    const found = findUnstorableField(item, name, depth + 1);
    if (found !== undefined) {
      return found;
    }
  }
  return undefined;
}

/**
 * The same guard for an uploaded text file (multipart bodies are streams the preValidation hook cannot see):
 * a 400 on `field` when the decoded text holds what cannot be stored.
 */
export function assertStorableUpload(text: string, field: string): void {
  const message = unstorableTextIssue(text);
  if (message !== undefined) {
    throw AppError.validation({ [field]: [message] });
  }
}

/** Refuses unstorable texts in bodies, query strings and path parameters with a 400, before any route runs. */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = findUnstorableField(part);
      if (found !== undefined) {
        throw AppError.validation({ [found.field]: [found.message] });
      }
    }
  });
}
