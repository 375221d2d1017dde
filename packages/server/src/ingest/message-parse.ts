import {
  BootMessageSchema,
  findNestingViolation,
  findTreeBoundsViolation,
  isStateTreeFast,
  StateTreeSchema,
} from '@vigil/contracts';
import type { z } from 'zod';
import type { RejectReason } from './ingest-metrics';

/** Largest accepted message (MQTT payload or HTTP body), in bytes. */
export const MAX_MESSAGE_BYTES = 256 * 1024;

export type Parsed<T> =
  | { ok: true; value: T; json: string }
  | { ok: false; reason: RejectReason; message: string };

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

/** JSON escapes of what PostgreSQL refuses in text and jsonb: NUL, and (when unpaired) UTF-16 surrogates. */
const UNSTORABLE_ESCAPE = /\\u(0000|[dD][89a-fA-F])/;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a string cannot be stored in PostgreSQL text or jsonb, or undefined. */
function unstorable(text: string): string | undefined {
  if (text.includes('\0')) {
    return 'a text holds a NUL character (\\u0000), which cannot be stored';
  }
  if (LONE_SURROGATE.test(text)) {
    return 'a text holds an unpaired surrogate (\\ud800-\\udfff), which cannot be stored';
  }
  return undefined;
}

/**
 * Why a parsed message holds a text (value or key) that PostgreSQL cannot store, or undefined. Such a message
 * would fail its whole batch, and with it every other device's messages of that batch, each time it is resent.
 * Only a message whose JSON has such an escape is walked (decoded UTF-8 has neither character unescaped);
 * iterative, after the nesting bounds.
 */
export function findUnstorableText(json: string, value: unknown): string | undefined {
  if (!UNSTORABLE_ESCAPE.test(json)) {
    return undefined;
  }
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      const reason = unstorable(item);
      if (reason !== undefined) {
        return reason;
      }
    } else if (Array.isArray(item)) {
      stack.push(...item);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        stack.push(key, child);
      }
    }
  }
  return undefined;
}

/**
 * Size, JSON and schema checks of one device message; the reason says which failed. `bounds` runs on the
 * parsed value before `validate` and must not recurse (JSON.parse does not): a recursive schema given a value
 * nested thousands deep would overflow the stack.
 */
export function parseMessage<T>(
  payload: Buffer | string,
  validate: (value: unknown) => { success: true; data: T } | { success: false; error: z.ZodError },
  invalid: RejectReason,
  bounds: (value: unknown) => string | undefined = findNestingViolation,
): Parsed<T> {
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (size > MAX_MESSAGE_BYTES) {
    return {
      ok: false,
      reason: 'oversize',
      message: `message of ${size} bytes exceeds ${MAX_MESSAGE_BYTES}`,
    };
  }
  const json = payload.toString();
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, reason: 'malformed_json', message: 'the message is not valid JSON' };
  }
  const violation = bounds(value) ?? findUnstorableText(json, value);
  if (violation !== undefined) {
    return { ok: false, reason: invalid, message: violation };
  }
  const result = validate(value);
  if (!result.success) {
    return { ok: false, reason: invalid, message: describeIssues(result.error) };
  }
  return { ok: true, value: result.data, json };
}

/**
 * A state tree: a tree the fast check accepts is used as parsed (the schema would accept it too, and copy every
 * object of it); any other goes to StateTreeSchema, which refuses it with its issues or accepts it.
 */
export function parseStateTree(payload: Buffer | string) {
  return parseMessage(
    payload,
    (value) =>
      isStateTreeFast(value) ? { success: true as const, data: value } : StateTreeSchema.safeParse(value),
    'invalid_tree',
    findTreeBoundsViolation,
  );
}

/** A boot message (its nesting bounded first, like any message). */
export function parseBootMessage(payload: Buffer | string) {
  return parseMessage(payload, (value) => BootMessageSchema.safeParse(value), 'invalid_boot');
}
