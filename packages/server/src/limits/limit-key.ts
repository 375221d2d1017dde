import { createHash } from 'node:crypto';

/**
 * The key a counter stores for a serial number, e-mail, account or address: a fixed-length hash, so made-up long
 * inputs cannot grow the counters' memory and no address or e-mail is kept in clear text in Redis.
 */
export function limitKeyOf(...parts: string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);
}
