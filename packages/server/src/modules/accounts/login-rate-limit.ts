import { limitKeyOf } from '../../limits/limit-key';
import { type LimitCounter, type LimitStore, limitRuleOf, type WindowRule } from '../../limits/limit-store';

export type RateLimitRule = WindowRule;

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

type Keys = { pair: string; account: string; address: string };

/**
 * Failed sign-ins counted per (account, address), per account and per address, on the LimitStore (Redis when
 * instances share one, so they lock a pair as one instance would). Only the address that failed waits, for a
 * wait set at each failure that doubles with each further failure; failures from elsewhere make an account's
 * failing addresses wait sooner but never lock the owner out of a clean address. Accounts and addresses are
 * stored hashed. `name` keeps apart limiters that count different guesses (sign-in, old passwords).
 */
export class LoginRateLimiter {
  private readonly perPair: LimitCounter;
  private readonly perAccount: LimitCounter;
  private readonly perAddress: LimitCounter;
  /** The pair's wait under the usual rule: free failures, then the doubling wait (blocked keys only). */
  private readonly pairWait: LimitCounter;
  /** The pair's wait were its account under attack: the doubling wait from the first failure. */
  private readonly pairAttackWait: LimitCounter;
  private readonly delay: { firstMs: number; maxMs: number };

  constructor(
    store: LimitStore,
    private readonly limits: LoginRateLimits = DEFAULT_LOGIN_RATE_LIMITS,
    name = 'login',
  ) {
    this.delay = limits.delay ?? DEFAULT_DELAY;
    this.perPair = store.counter(`${name}-pair`, limitRuleOf(limits.perAccountAndIp));
    this.perAccount = store.counter(`${name}-account`, limitRuleOf(limits.perAccount));
    this.perAddress = store.counter(`${name}-address`, limitRuleOf(limits.perIp));
    const waitRule = { points: 1, durationSeconds: Math.ceil(this.delay.maxMs / 1000) };
    this.pairWait = store.counter(`${name}-pair-wait`, waitRule);
    this.pairAttackWait = store.counter(`${name}-pair-attack-wait`, waitRule);
  }

  /** Seconds to wait before another attempt is allowed, or 0 when it is allowed now. */
  async retryAfterSeconds(account: string, ip: string): Promise<number> {
    const keys = keysOf(account, ip);
    const [wait, attackWait, accountWait, addressWait] = await Promise.all([
      this.pairWait.waitSeconds(keys.pair),
      this.pairAttackWait.waitSeconds(keys.pair),
      this.perAccount.waitSeconds(keys.account),
      this.perAddress.waitSeconds(keys.address),
    ]);
    // Under attack is judged now: a pair that failed before the attack began waits from its last failure.
    const isUnderAttack = accountWait > 0;
    return Math.max(wait, isUnderAttack ? attackWait : 0, addressWait);
  }

  /** Counts a failed attempt against the account and the address; a success clears the pair's count. */
  async recordAttempt(account: string, ip: string, succeeded: boolean): Promise<void> {
    const keys = keysOf(account, ip);
    if (succeeded) {
      await Promise.all([
        this.perPair.delete(keys.pair),
        this.pairWait.delete(keys.pair),
        this.pairAttackWait.delete(keys.pair),
      ]);
      return;
    }
    const [failures] = await Promise.all([
      this.perPair.add(keys.pair),
      this.perAccount.add(keys.account),
      this.perAddress.add(keys.address),
    ]);
    const freeFailures = this.limits.perAccountAndIp.limit;
    const blocks = [this.pairAttackWait.block(keys.pair, this.doublingWaitSeconds(failures - 1))];
    if (failures >= freeFailures) {
      blocks.push(this.pairWait.block(keys.pair, this.doublingWaitSeconds(failures - freeFailures)));
    }
    await Promise.all(blocks);
  }

  /** The first wait doubled `doublings` times, up to the longest. */
  private doublingWaitSeconds(doublings: number): number {
    const waitMs = Math.min(this.delay.firstMs * 2 ** Math.min(doublings, 30), this.delay.maxMs);
    return Math.ceil(waitMs / 1000);
  }
}

function keysOf(account: string, ip: string): Keys {
  return { pair: limitKeyOf(account, ip), account: limitKeyOf(account), address: limitKeyOf(ip) };
}
