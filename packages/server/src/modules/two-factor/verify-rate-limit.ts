import { type LimitCounter, type LimitStore, limitRuleOf, type WindowRule } from '../../limits/limit-store';

export type VerifyRateLimit = WindowRule;

/** Ten wrong codes per user in 15 minutes: a 6-digit code cannot be guessed in that many tries. */
export const DEFAULT_VERIFY_RATE_LIMIT: VerifyRateLimit = { limit: 10, windowMs: 15 * 60_000 };

/** Wrong two-factor codes per user, counted on the LimitStore (Redis when instances share one). */
export class VerifyRateLimiter {
  private readonly failures: LimitCounter;

  constructor(store: LimitStore, rule: VerifyRateLimit = DEFAULT_VERIFY_RATE_LIMIT) {
    this.failures = store.counter('two-factor-verify', limitRuleOf(rule));
  }

  /** Seconds before the user may try again, or 0. */
  async retryAfterSeconds(userId: number): Promise<number> {
    return this.failures.waitSeconds(String(userId));
  }

  async recordFailure(userId: number): Promise<void> {
    await this.failures.add(String(userId));
  }
}
