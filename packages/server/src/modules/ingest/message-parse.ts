import {
  BootMessageSchema,
  findNestingViolation,
  findTreeBoundsViolation,
  isStateTreeFast,
  StateTreeSchema,
} from '@vigil/contracts';
import type { z } from 'zod';
import type { RejectReason } from './ingest-metrics';
import { findUnstorableText } from './storable-message';

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
