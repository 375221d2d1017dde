import { type Actor, getSiteAccess } from '../../access/access';
import type { Database } from '../../db/database';
import type { NewEscalationStepRow } from '../../db/tables/escalation.table';
import type { NotificationRow } from '../../db/tables/notifications.table';
import { RepeatingJob } from '../../jobs/repeating-job';
import { type Mailer, type OutgoingMail, sendAll } from '../../mail/mailer';
import { findNotificationsByIds } from '../notifications/notifications.repo';
import { isSensorShelvedAt } from '../shelving/shelving.repo';
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

  /**
   * One transaction of due steps; true when the batch was full. The batch's notifications, policies and earlier
   * levels are read together, and its e-mails queued, steps settled and next levels stored in one statement
   * each: a tick costs a few round trips to the database, whatever the batch size (bench:notifications).
   */
  async fireDue(): Promise<boolean> {
    const now = this.now();
    return this.deps.db.transaction(async (tx) => {
      const due = await repo.claimDueSteps(tx, now, ESCALATION_BATCH);
      if (due.length > 0) {
        await this.settleAll(tx, due, now);
      }
      return due.length === ESCALATION_BATCH;
    });
  }

  private async settleAll(tx: Database, due: readonly repo.DueStep[], now: Date): Promise<void> {
    const ids = [...new Set(due.map((step) => step.notificationId))];
    const existing = await repo.lockNotifications(tx, ids);
    const found = new Map(
      (await findNotificationsByIds(tx, [...existing])).map((notification) => [
        notification.id,
        notification,
      ]),
    );
    const policies = new Map(
      (await repo.findPolicies(tx, [...new Set(due.map((step) => step.locationId))])).map((policy) => [
        policy.locationId,
        policy,
      ]),
    );
    const settledBefore = await repo.findSettledSteps(tx, ids);
    const people = new BatchPeople(tx);
    const outcomes: repo.StepOutcome[] = [];
    const next: NewEscalationStepRow[] = [];
    const mails: OutgoingMail[] = [];
    for (const step of due) {
      const notification = found.get(step.notificationId);
      const policy = policies.get(step.locationId);
      // A shelved sensor's alarm never escalates: a walk begun before its shelf stops here (docs/shelving.md).
      const isShelved = notification !== undefined && (await isSensorShelvedAt(tx, notification, now));
      const decision = decideStep(policy, notification, step.level, isShelved);
      if (!decision.send || notification === undefined) {
        outcomes.push({
          id: step.id,
          state: 'stopped',
          reason: decision.send ? 'gone' : decision.reason,
          recipients: [],
        });
        continue;
      }
      const recipients = levelRecipients(
        decision.level,
        await people.reachable(decision.level.userIds, step.locationId),
      );
      const toldBefore = settledBefore
        .filter(
          (earlier) =>
            earlier.notificationId === step.notificationId &&
            earlier.level < step.level &&
            earlier.state === 'sent',
        )
        .map((earlier) => ({ level: earlier.level, at: earlier.settledAt, recipients: earlier.recipients }));
      mails.push(
        ...recipients.map((to) =>
          escalationMail({
            notification,
            level: step.level,
            toldBefore,
            to,
            now,
            publicUrl: this.deps.publicUrl,
          }),
        ),
      );
      outcomes.push({ id: step.id, state: 'sent', reason: null, recipients });
      const following = stepAfter(policy, notification, step.level);
      if (following !== null) {
        next.push({
          notificationId: step.notificationId,
          locationId: step.locationId,
          level: following.level,
          dueAt: following.dueAt,
        });
      }
    }
    await sendAll(this.deps.mailer, mails, tx);
    await repo.settleSteps(tx, outcomes, now);
    await repo.insertSteps(tx, next);
  }
}

/**
 * The people of the levels of one batch, with whether each is still active and sees the site (others are not
 * mailed): the people read once (with the roles access reads), each person's access to a site checked once per
 * batch.
 */
class BatchPeople {
  private readonly users = new Map<number, (Actor & { email: string; isActive: boolean }) | null>();
  private readonly access = new Map<string, boolean>();

  constructor(private readonly tx: Database) {}

  async reachable(ids: readonly number[], locationId: number) {
    const unknown = ids.filter((id) => !this.users.has(id));
    if (unknown.length > 0) {
      const found = new Map(
        (await repo.findUsersByIds(this.tx, unknown)).map((person) => [person.id, person]),
      );
      for (const id of unknown) {
        this.users.set(id, found.get(id) ?? null);
      }
    }
    const people = new Map<number, { email: string; reachable: boolean }>();
    for (const id of ids) {
      const person = this.users.get(id);
      if (person === null || person === undefined) {
        continue;
      }
      const key = `${id}:${locationId}`;
      let sees = this.access.get(key);
      if (sees === undefined) {
        sees = person.isActive && (await canSeeSite(this.tx, person, locationId));
        this.access.set(key, sees);
      }
      people.set(id, { email: person.email, reachable: sees });
    }
    return people;
  }
}

async function canSeeSite(tx: Database, user: Actor, locationId: number): Promise<boolean> {
  try {
    await getSiteAccess(tx, user, locationId);
    return true;
  } catch {
    return false;
  }
}
