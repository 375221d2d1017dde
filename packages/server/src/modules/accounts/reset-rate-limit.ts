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

const MAX_TRACKED_KEYS = 100_000;

/**
 * Password-reset requests counted per requester address in memory, never per person asked for: someone
 * asking many times for another's e-mail cannot stop that person getting a link from their own address.
 */
export class ResetRateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limits: ResetRateLimits = DEFAULT_RESET_RATE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds before this address may ask again (for this e-mail), or 0; a request that may go on is counted. */
  takeRequest(ip: string, email: string): number {
    const keys: Array<[string, RateLimitRule]> = [
      [`ip:${ip}`, this.limits.perIp],
      [`ip-email:${ip}|${email.trim().toLowerCase()}`, this.limits.perIpAndEmail],
    ];
    const waitMs = Math.max(0, ...keys.map(([key, rule]) => this.waitMs(key, rule)));
    if (waitMs > 0) {
      return Math.ceil(waitMs / 1000);
    }
    for (const [key, rule] of keys) {
      this.push(key, rule);
    }
    return 0;
  }

  private waitMs(key: string, rule: RateLimitRule): number {
    const recent = this.recent(key, rule);
    if (recent.length < rule.limit) {
      return 0;
    }
    const oldestCounted = recent[recent.length - rule.limit] ?? this.now();
    return oldestCounted + rule.windowMs - this.now();
  }

  private recent(key: string, rule: RateLimitRule): number[] {
    const since = this.now() - rule.windowMs;
    return (this.hits.get(key) ?? []).filter((at) => at > since);
  }

  private push(key: string, rule: RateLimitRule): void {
    if (this.hits.size >= MAX_TRACKED_KEYS && !this.hits.has(key)) {
      // Forget the oldest keys first: a flood of addresses must not grow memory without bound.
      const oldest = this.hits.keys().next().value;
      if (oldest !== undefined) {
        this.hits.delete(oldest);
      }
    }
    const recent = this.recent(key, rule);
    recent.push(this.now());
    this.hits.delete(key);
    this.hits.set(key, recent);
  }
}
