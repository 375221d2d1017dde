import { limitKeyOf } from '../../limits/limit-key';
import { type LimitCounter, type LimitStore, limitRuleOf } from '../../limits/limit-store';
import type { RateLimitRule } from './login-rate-limit';

export type ResetRateLimits = {
  /** Reset requests from one address, whatever the e-mail (known or not): bounds probing for accounts. */
  perIp: RateLimitRule;
  /** Reset requests for one e-mail from one address: bounds how often one requester can fill an inbox. */
  perIpAndEmail: RateLimitRule;
};

export const DEFAULT_RESET_RATE_LIMITS: ResetRateLimits = {
  perIp: { limit: 10, windowMs: 60 * 60_000 },
  perIpAndEmail: { limit: 3, windowMs: 60 * 60_000 },
};

/**
 * Password-reset requests counted per requester address on the LimitStore (Redis when instances share one),
 * never per person asked for: someone asking many times for another's e-mail cannot stop that person getting a
 * link from their own address. Addresses and e-mails are stored hashed.
 */
export class ResetRateLimiter {
  private readonly perIp: LimitCounter;
  private readonly perIpAndEmail: LimitCounter;

  constructor(store: LimitStore, limits: ResetRateLimits = DEFAULT_RESET_RATE_LIMITS) {
    this.perIp = store.counter('reset-address', limitRuleOf(limits.perIp));
    this.perIpAndEmail = store.counter('reset-address-email', limitRuleOf(limits.perIpAndEmail));
  }

  /** Seconds before this address may ask again (for this e-mail), or 0; a request that may go on is counted. */
  async takeRequest(ip: string, email: string): Promise<number> {
    const counted: Array<[LimitCounter, string]> = [
      [this.perIp, limitKeyOf(ip)],
      [this.perIpAndEmail, limitKeyOf(ip, email.trim().toLowerCase())],
    ];
    const waits = await Promise.all(counted.map(([counter, key]) => counter.waitSeconds(key)));
    const waitSeconds = Math.max(0, ...waits);
    if (waitSeconds > 0) {
      return waitSeconds;
    }
    // Checked, then counted: requests racing on several instances may pass a request or two over the limit.
    await Promise.all(counted.map(([counter, key]) => counter.add(key)));
    return 0;
  }
}
