export type RateLimitRule = { limit: number; windowMs: number };

export type LoginRateLimits = {
  /** Failed attempts on one account from one address. */
  perAccountAndIp: RateLimitRule;
  /** Failed attempts on one account from anywhere: high, so an attacker cannot easily lock a person out. */
  perAccount: RateLimitRule;
  /** Failed attempts from one address, whatever the account (an office behind one address signs in a lot). */
  perIp: RateLimitRule;
};

export const DEFAULT_LOGIN_RATE_LIMITS: LoginRateLimits = {
  perAccountAndIp: { limit: 5, windowMs: 15 * 60_000 },
  perAccount: { limit: 50, windowMs: 60 * 60_000 },
  perIp: { limit: 50, windowMs: 15 * 60_000 },
};

const MAX_TRACKED_KEYS = 100_000;

/** Sliding-window counters in memory; a blocked key never affects another account or address. */
export class LoginRateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limits: LoginRateLimits = DEFAULT_LOGIN_RATE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait before another attempt is allowed, or 0 when it is allowed now. */
  retryAfterSeconds(account: string, ip: string): number {
    const waits = this.rules(account, ip).map(([key, rule]) => this.waitMs(key, rule));
    return Math.ceil(Math.max(0, ...waits) / 1000);
  }

  /** Counts a failed attempt against the account and the address; a success clears the pair's count. */
  recordAttempt(account: string, ip: string, succeeded: boolean): void {
    if (succeeded) {
      this.hits.delete(`acct-ip:${account}|${ip}`);
      return;
    }
    this.push(`ip:${ip}`);
    this.push(`acct-ip:${account}|${ip}`);
    this.push(`acct:${account}`);
  }

  private rules(account: string, ip: string): Array<[string, RateLimitRule]> {
    return [
      [`acct-ip:${account}|${ip}`, this.limits.perAccountAndIp],
      [`acct:${account}`, this.limits.perAccount],
      [`ip:${ip}`, this.limits.perIp],
    ];
  }

  private waitMs(key: string, rule: RateLimitRule): number {
    const now = this.now();
    const recent = (this.hits.get(key) ?? []).filter((at) => at > now - rule.windowMs);
    if (recent.length < rule.limit) {
      return 0;
    }
    const oldestCounted = recent[recent.length - rule.limit] ?? now;
    return oldestCounted + rule.windowMs - now;
  }

  private push(key: string): void {
    if (this.hits.size >= MAX_TRACKED_KEYS && !this.hits.has(key)) {
      this.prune();
    }
    const now = this.now();
    const longest = Math.max(...Object.values(this.limits).map((rule) => rule.windowMs));
    const recent = (this.hits.get(key) ?? []).filter((at) => at > now - longest);
    recent.push(now);
    this.hits.set(key, recent);
  }

  private prune(): void {
    const now = this.now();
    const longest = Math.max(...Object.values(this.limits).map((rule) => rule.windowMs));
    for (const [key, times] of this.hits) {
      if (times.every((at) => at <= now - longest)) {
        this.hits.delete(key);
      }
    }
  }
}
