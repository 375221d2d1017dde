import { createHash } from 'node:crypto';
import type { Database } from '../../db/database';
import { deleteRowsBefore } from '../telemetry/telemetry.repo';

/** How long a stored message is remembered: far beyond a device's retry or a broker session's redelivery. */
export const RECEIPT_HOURS = 6;
const DELETE_CHUNK = 50_000;

/**
 * Identifies a message by its bytes (first 16 bytes of SHA-256): a redelivery carries the very same bytes,
 * and two different trees of one device differ at least in their `time`.
 */
export function messageDigest(payload: Buffer | string): Buffer {
  return createHash('sha256').update(payload).digest().subarray(0, 16);
}

/** Deletes receipts older than RECEIPT_HOURS in chunks (short statements); returns how many. */
export async function pruneMessageReceipts(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - RECEIPT_HOURS * 60 * 60 * 1000);
  return deleteRowsBefore(db, 'message_receipts', cutoff, DELETE_CHUNK);
}
