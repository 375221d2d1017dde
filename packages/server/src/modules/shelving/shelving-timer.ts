import type { Database } from '../../db/database';
import type { DomainEventPublisher } from '../../events/domain-events';
import { RepeatingJob } from '../../jobs/repeating-job';
import { claimExpiredShelves, endShelf } from './shelving.repo';

export type ShelvingTimerDeps = {
  db: Database;
  events: DomainEventPublisher;
  log: { error(object: object, message: string): void };
  /** How often every instance looks for shelves whose time is up (default 1 s). */
  tickMs?: number;
  now?: () => Date;
};

/** Shelves ended per transaction. */
const BATCH = 50;

/**
 * Ends shelves at their `until` (docs/shelving.md): every instance, every second, claims the expired active
 * shelves (FOR UPDATE SKIP LOCKED, like the escalation steps and the alert deliveries), ends each 'expired' and
 * publishes 'sensor-unshelved' in the same transaction (the notifications domain logs it). The timer is the
 * database row itself: it survives a restart, and each shelf expires once whatever the number of instances.
 */
export class ShelvingTimer {
  private readonly job: RepeatingJob;
  private readonly now: () => Date;

  constructor(private readonly deps: ShelvingTimerDeps) {
    this.now = deps.now ?? (() => new Date());
    this.job = new RepeatingJob(() => this.expireDue(), {
      tickMs: deps.tickMs ?? 1000,
      onError: (error) => deps.log.error({ err: error }, 'shelving timer failed'),
    });
  }

  start(): void {
    this.job.start();
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** Ends every expired shelf, after any run in progress (tests call it instead of waiting). */
  drain(): Promise<void> {
    return this.job.drain();
  }

  /**
   * Ends every shelf expired at `now`, in this caller's transactions (tests: another instance, or the server
   * restarted later, with a clock of their own).
   */
  async expireAt(now: Date): Promise<void> {
    while (await this.expireDue(now)) {
      // A full batch: more may wait.
    }
  }

  /** One transaction of expired shelves; true when the batch was full. */
  async expireDue(now = this.now()): Promise<boolean> {
    return this.deps.db.transaction(async (tx) => {
      const due = await claimExpiredShelves(tx, now, BATCH);
      for (const before of due) {
        // Ended at its own time, not at the tick's (a restart may have delayed the tick).
        const after = await endShelf(tx, before.id, { at: before.until, by: null, how: 'expired' });
        if (after !== undefined) {
          await this.deps.events.publish(tx, 'sensor-unshelved', { before, after, by: null });
        }
      }
      return due.length === BATCH;
    });
  }
}
