import { getSiteAccess } from '../../access/access';
import type { Database } from '../../db/database';
import type { NotificationRow } from '../../db/tables/notifications.table';
import { RepeatingJob } from '../../jobs/repeating-job';
import type { Mailer } from '../../mail/mailer';
import { findNotificationsByIds } from '../notifications/notifications.repo';
import { getUserById } from '../users/users.repo';
import * as repo from './escalation.repo';
import { escalationMail } from './escalation-mail';
import { decideStep, levelRecipients, stepAfter } from './escalation-walk';

export type EscalationEngineDeps = {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  log: { error(object: object, message: string): void };
  /** How often every instance looks for due levels (default 1 s). */
  tickMs?: number;
  now?: () => Date;
};

/** Steps settled per transaction (bench:notifications looks up as many rows for its floor). */
export const ESCALATION_BATCH = 50;

/**
 * Escalation at work (docs/escalation.md). `plan` runs in the notifications projector's transaction
 * ('notifications-dispatched') and stores level 1 of each new alarm (and warning, when the site's policy says so)
 * in escalation_steps. Every instance, every second, claims the due steps (FOR UPDATE SKIP LOCKED), and in the
 * same transaction locks the notification (FOR SHARE, so an acknowledgement waits for it), decides, queues the
 * level's e-mails in the outbox, settles the step and stores the next level: each level fires once, whatever the
 * number of instances and restarts.
 */
export class EscalationEngine {
  private readonly job: RepeatingJob;
  private readonly now: () => Date;

  constructor(private readonly deps: EscalationEngineDeps) {
    this.now = deps.now ?? (() => new Date());
    this.job = new RepeatingJob(() => this.fireDue(), {
      tickMs: deps.tickMs ?? 1000,
      onError: (error) => deps.log.error({ err: error }, 'escalation failed'),
    });
  }

  /** On 'notifications-dispatched', in the projector's transaction: level 1 of each new alarm that escalates. */
  async plan(tx: Database, fresh: readonly NotificationRow[]): Promise<void> {
    const candidates = fresh.filter(
      (row) => (row.eventType === 'alarm_on' || row.eventType === 'warning_on') && row.isActive,
    );
    if (candidates.length === 0) {
      return;
    }
    const policies = new Map(
      (await repo.findPolicies(tx, [...new Set(candidates.map((row) => row.locationId))])).map((policy) => [
        policy.locationId,
        policy,
      ]),
    );
    const steps = candidates.flatMap((row) => {
      const first = stepAfter(policies.get(row.locationId), row, 0);
      return first === null
        ? []
        : [{ notificationId: row.id, locationId: row.locationId, level: first.level, dueAt: first.dueAt }];
    });
    await repo.insertSteps(tx, steps);
  }

  start(): void {
    this.job.start();
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** Settles every due step, after any run in progress (tests call it instead of waiting). */
  drain(): Promise<void> {
    return this.job.drain();
  }

  /** One transaction of due steps; true when the batch was full. */
  async fireDue(): Promise<boolean> {
    const now = this.now();
    return this.deps.db.transaction(async (tx) => {
      const due = await repo.claimDueSteps(tx, now, ESCALATION_BATCH);
      for (const step of due) {
        await this.settle(tx, step, now);
      }
      return due.length === ESCALATION_BATCH;
    });
  }

  private async settle(tx: Database, step: repo.DueStep, now: Date): Promise<void> {
    const exists = await repo.lockNotification(tx, step.notificationId);
    const [notification] = exists ? await findNotificationsByIds(tx, [step.notificationId]) : [];
    const policy = await repo.findPolicy(tx, step.locationId);
    const decision = decideStep(policy, notification, step.level);
    if (!decision.send || notification === undefined) {
      await repo.settleStep(tx, step.id, {
        state: 'stopped',
        reason: decision.send ? 'gone' : decision.reason,
        recipients: [],
        at: now,
      });
      return;
    }
    const recipients = levelRecipients(
      decision.level,
      await this.reachablePeople(tx, decision.level.userIds, step),
    );
    const toldBefore = (await repo.findSettledSteps(tx, step.notificationId))
      .filter((earlier) => earlier.level < step.level && earlier.state === 'sent')
      .map((earlier) => ({ level: earlier.level, at: earlier.settledAt, recipients: earlier.recipients }));
    for (const to of recipients) {
      await this.deps.mailer.send(
        escalationMail({
          notification,
          level: step.level,
          toldBefore,
          to,
          now,
          publicUrl: this.deps.publicUrl,
        }),
        tx,
      );
    }
    await repo.settleStep(tx, step.id, { state: 'sent', reason: null, recipients, at: now });
    const next = stepAfter(policy, notification, step.level);
    if (next !== null) {
      await repo.insertSteps(tx, [
        {
          notificationId: step.notificationId,
          locationId: step.locationId,
          level: next.level,
          dueAt: next.dueAt,
        },
      ]);
    }
  }

  /** The people of a level, with whether each is still active and sees the site (others are not mailed). */
  private async reachablePeople(tx: Database, ids: readonly number[], step: repo.DueStep) {
    const people = new Map<number, { email: string; reachable: boolean }>();
    for (const person of await repo.findUsersByIds(tx, ids)) {
      people.set(person.id, {
        email: person.email,
        reachable: person.isActive && (await canSeeSite(tx, person.id, step.locationId)),
      });
    }
    return people;
  }
}

async function canSeeSite(tx: Database, userId: number, locationId: number): Promise<boolean> {
  const user = await getUserById(tx, userId);
  if (user === undefined) {
    return false;
  }
  try {
    await getSiteAccess(tx, user, locationId);
    return true;
  } catch {
    return false;
  }
}
