import type { IngestLog, IngestResult } from './ingest.service';
import type { IngestMetrics } from './ingest-metrics';

export type MessageBudgetOptions = {
  /** Messages per second a device may send on average. */
  perSecond: number;
  /** Messages a device may send at once after a quiet spell (the bucket's size). */
  burst: number;
  /** Milliseconds clock; tests inject one. */
  now?: () => number;
};

/** `refusedInRow`: refusals since the device's last allowed message (1 on the first, to log once per flood). */
export type BudgetDecision = { ok: true } | { ok: false; refusedInRow: number };

type Bucket = { tokens: number; at: number; refusedInRow: number };

/**
 * A token bucket per device: `burst` messages at once, refilled at `perSecond`. Held in memory by each
 * instance, so with several instances behind one broker or load balancer a device's budget is per instance.
 */
export class MessageBudget {
  readonly perSecond: number;
  private readonly burst: number;
  private readonly now: () => number;
  private readonly buckets = new Map<string, Bucket>();

  constructor(options: MessageBudgetOptions) {
    this.perSecond = options.perSecond;
    this.burst = Math.max(1, options.burst);
    this.now = options.now ?? Date.now;
  }

  /** Takes one message from the device's budget. */
  take(key: string): BudgetDecision {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now, refusedInRow: 0 };
    bucket.tokens = this.refilled(bucket, now);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      bucket.refusedInRow = 0;
      return { ok: true };
    }
    bucket.refusedInRow += 1;
    return { ok: false, refusedInRow: bucket.refusedInRow };
  }

  /** Forgets devices whose bucket is full again (they are as new); keeps memory to the devices sending now. */
  prune(): void {
    const now = this.now();
    for (const [key, bucket] of this.buckets) {
      if (this.refilled(bucket, now) >= this.burst) {
        this.buckets.delete(key);
      }
    }
  }

  /** Devices currently tracked (for tests). */
  get size(): number {
    return this.buckets.size;
  }

  private refilled(bucket: Bucket, now: number): number {
    const elapsedSeconds = Math.max(0, now - bucket.at) / 1000;
    return Math.min(this.burst, bucket.tokens + elapsedSeconds * this.perSecond);
  }
}

/** The budget of DEVICE_MAX_MESSAGES_PER_S: bursts of twice the rate; none for 0 (no limit). */
export function createMessageBudget(perSecond: number): MessageBudget | undefined {
  return perSecond > 0 ? new MessageBudget({ perSecond, burst: Math.ceil(2 * perSecond) }) : undefined;
}

/** The refusal of a message over the device's budget, or undefined; every one is counted, a flood logged once. */
export function spendBudget(
  deps: { budget?: MessageBudget; metrics: IngestMetrics; log: IngestLog },
  udfId: string,
): IngestResult | undefined {
  const decision = deps.budget?.take(udfId);
  if (deps.budget === undefined || decision === undefined || decision.ok) {
    return undefined;
  }
  const message = `more than ${deps.budget.perSecond} messages per second from this device; message dropped`;
  deps.metrics.rejected.inc({ reason: 'rate_limited' });
  if (decision.refusedInRow === 1) {
    deps.log.warn({ udfId, reason: 'rate_limited', detail: message }, 'device message rejected');
  }
  return { ok: false, reason: 'rate_limited', message };
}
