export type VerifyRateLimit = { limit: number; windowMs: number };

/** Ten wrong codes per user in 15 minutes: a 6-digit code cannot be guessed in that many tries. */
export const DEFAULT_VERIFY_RATE_LIMIT: VerifyRateLimit = { limit: 10, windowMs: 15 * 60_000 };

const MAX_TRACKED_USERS = 100_000;

/** Wrong two-factor codes per user in a sliding window, in memory per instance (as the login limits). */
export class VerifyRateLimiter {
  private readonly failures = new Map<number, number[]>();

  constructor(
    private readonly rule: VerifyRateLimit = DEFAULT_VERIFY_RATE_LIMIT,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds before the user may try again, or 0. */
  retryAfterSeconds(userId: number): number {
    const recent = this.recent(userId);
    if (recent.length < this.rule.limit) {
      return 0;
    }
    const oldestCounted = recent[recent.length - this.rule.limit] ?? this.now();
    return Math.max(1, Math.ceil((oldestCounted + this.rule.windowMs - this.now()) / 1000));
  }

  recordFailure(userId: number): void {
    const recent = this.recent(userId);
    recent.push(this.now());
    if (!this.failures.has(userId) && this.failures.size >= MAX_TRACKED_USERS) {
      const oldestKey = this.failures.keys().next().value;
      if (oldestKey !== undefined) {
        this.failures.delete(oldestKey);
      }
    }
    this.failures.set(userId, recent);
  }

  private recent(userId: number): number[] {
    const since = this.now() - this.rule.windowMs;
    return (this.failures.get(userId) ?? []).filter((at) => at > since);
  }
}
