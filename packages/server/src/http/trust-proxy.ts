import { isIP } from 'node:net';
import { z } from 'zod';

/** proxy-addr's names for private ranges, accepted as Fastify accepts them. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) {
    return true;
  }
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) {
    return false;
  }
  if (prefix === undefined) {
    return true;
  }
  const bits = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(prefix) ? Number(prefix) <= bits : family === 4 && isIP(prefix) === 4;
}

/**
 * TRUST_PROXY: which peers may set X-Forwarded-For, as a comma list of addresses, CIDRs and proxy-addr
 * names ("127.0.0.1, 10.0.0.0/8, loopback"). Unset: no proxy header is trusted, so a client cannot pick
 * the address that sign-in and reset limits count. A hop count is refused: Fastify 5 ignores it (it cannot
 * tell a proxy from a client), so it would silently trust nothing.
 */
export const TrustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): string[] => {
    if (/^\d+$/.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'a hop count is not supported (Fastify cannot check the peer): list the proxy addresses/CIDRs',
      });
      return z.NEVER;
    }
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `expected a comma list of addresses/CIDRs (bad: ${bad.join(' ') || 'empty'})`,
      });
      return z.NEVER;
    }
    return entries;
  });

export type TrustProxy = false | string[];
