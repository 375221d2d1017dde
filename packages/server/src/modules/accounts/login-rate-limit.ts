export type RateLimitRule = { limit: number; windowMs: number };

export type LoginRateLimits = {
  /** Free failures on one account from one address (within the window) before that pair has to wait. */
  perAccountAndIp: RateLimitRule;
  /**
   * Failures on one account from anywhere after which the account counts as under attack: every address
   * that failed on it waits after its first failure. Never blocks an address with no failures on it.
   */
  perAccount: RateLimitRule;
  /** Failures from one address, whatever the account: a hard limit (an office behind one address signs in a lot). */
  perIp: RateLimitRule;
  /** First wait once the free failures are used up; it doubles with each further failure, up to maxMs. */
  delay?: { firstMs: number; maxMs: number };
};

export const DEFAULT_LOGIN_RATE_LIMITS: LoginRateLimits = {
  perAccountAndIp: { limit: 5, windowMs: 60 * 60_000 },
  perAccount: { limit: 20, windowMs: 60 * 60_000 },
  perIp: { limit: 50, windowMs: 15 * 60_000 },
  delay: { firstMs: 60_000, maxMs: 15 * 60_000 },
};

const DEFAULT_DELAY = { firstMs: 60_000, maxMs: 15 * 60_000 };
const MAX_TRACKED_KEYS = 100_000;

/**
 * Failed sign-ins counted in memory per (account, address), per account and per address. Only the
 * address that failed waits, for a window that grows with each failure; failures from elsewhere make an
 * account's failing addresses wait sooner but never lock the owner out of a clean address.
 */
export class LoginRateLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly delay: { firstMs: number; maxMs: number };
  private readonly longestWindowMs: number;

  constructor(
    private readonly limits: LoginRateLimits = DEFAULT_LOGIN_RATE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    this.delay = limits.delay ?? DEFAULT_DELAY;
    this.longestWindowMs = Math.max(
      limits.perAccountAndIp.windowMs,
      limits.perAccount.windowMs,
      limits.perIp.windowMs,
    );
  }

  /** Seconds to wait before another attempt is allowed, or 0 when it is allowed now. */
  retryAfterSeconds(account: string, ip: string): number {
    const waitMs = Math.max(0, this.pairWaitMs(account, ip), this.ipWaitMs(ip));
    return Math.ceil(waitMs / 1000);
  }

  /** Counts a failed attempt against the account and the address; a success clears the pair's count. */
  recordAttempt(account: string, ip: string, succeeded: boolean): void {
    if (succeeded) {
      this.hits.delete(pairKey(account, ip));
      return;
    }
    this.push(`ip:${ip}`);
    this.push(pairKey(account, ip));
    this.push(`acct:${account}`);
  }

  private pairWaitMs(account: string, ip: string): number {
    const failures = this.recent(pairKey(account, ip), this.limits.perAccountAndIp.windowMs);
    const isUnderAttack =
      this.recent(`acct:${account}`, this.limits.perAccount.windowMs).length >= this.limits.perAccount.limit;
    const freeFailures = isUnderAttack ? 1 : this.limits.perAccountAndIp.limit;
    const last = failures[failures.length - 1];
    if (failures.length < freeFailures || last === undefined) {
      return 0;
    }
    const doublings = Math.min(failures.length - freeFailures, 30);
    const waitMs = Math.min(this.delay.firstMs * 2 ** doublings, this.delay.maxMs);
    return last + waitMs - this.now();
  }

  private ipWaitMs(ip: string): number {
    const rule = this.limits.perIp;
    const recent = this.recent(`ip:${ip}`, rule.windowMs);
    if (recent.length < rule.limit) {
      return 0;
    }
    const oldestCounted = recent[recent.length - rule.limit] ?? this.now();
    return oldestCounted + rule.windowMs - this.now();
  }

  private recent(key: string, windowMs: number): number[] {
    const since = this.now() - windowMs;
    return (this.hits.get(key) ?? []).filter((at) => at > since);
  }

  private push(key: string): void {
    if (this.hits.size >= MAX_TRACKED_KEYS && !this.hits.has(key)) {
      this.prune();
    }
    const recent = this.recent(key, this.longestWindowMs);
    recent.push(this.now());
    this.hits.set(key, recent);
  }

  private prune(): void {
    const since = this.now() - this.longestWindowMs;
    for (const [key, times] of this.hits) {
      if (times.every((at) => at <= since)) {
        this.hits.delete(key);
      }
    }
  }
}

function pairKey(account: string, ip: string): string {
  return `acct-ip:${account}|${ip}`;
}
