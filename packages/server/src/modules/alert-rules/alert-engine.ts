import { getSiteAccess } from '../../access/access';
import type { Database } from '../../db/database';
import type { AlertMailReason } from '../../db/tables/alert-mail-groups.table';
import type { NewAlertDeliveryRow } from '../../db/tables/alert-rules.table';
import type { NotificationRow } from '../../db/tables/notifications.table';
import { RepeatingJob } from '../../jobs/repeating-job';
import type { Mailer } from '../../mail/mailer';
import { findNotificationsByIds } from '../notifications/notifications.repo';
import { isSensorShelvedAt } from '../shelving/shelving.repo';
import { getUserById } from '../users/users.repo';
import {
  claimDueDeliveries,
  countSentSince,
  type DueDelivery,
  insertDeliveries,
  settleDelivery,
} from './alert-deliveries.repo';
import { mailDueGroups } from './alert-group-sender';
import { type GroupTiming, joinGroup } from './alert-mail-groups.repo';
import { decideSend, firstDelivery, isPlanned, nextReminder, RULE_EVENT_OF } from './alert-plan';
import { findRulesFor } from './alert-rules.repo';

export type AlertEngineDeps = {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  log: { error(object: object, message: string): void };
  /** How often every instance looks for due deliveries (default 1 s). */
  tickMs?: number;
  /** Grouping of the e-mails per recipient and site (default: 30 s wait, 5 min interval). */
  grouping?: GroupTiming;
  now?: () => Date;
};

/** Deliveries settled, and groups mailed, per transaction. */
const BATCH = 50;
const HOUR_MS = 3_600_000;
/** Alertmanager's defaults: a new group collects alerts for 30 s; one group mails at most every 5 minutes. */
export const DEFAULT_GROUPING: GroupTiming = { waitMs: 30_000, intervalMs: 300_000 };

/**
 * The e-mail alert rules at work (docs/alert-rules.md): `plan` runs in the transaction that dispatches new
 * notifications and stores what each matching rule owes (alert_deliveries); every instance then claims the due
 * ones (FOR UPDATE SKIP LOCKED), decides, puts each to send into its recipient's group for the site and settles
 * the row; groups whose wait is over are claimed the same way and mailed as one outbox e-mail each
 * (alert-group-sender.ts), so each e-mail is queued once whatever the number of instances and restarts. The
 * outbox retries delivery (mail/mail-dispatcher.ts).
 */
export class AlertEngine {
  private readonly job: RepeatingJob;
  private readonly now: () => Date;
  private readonly grouping: GroupTiming;

  constructor(private readonly deps: AlertEngineDeps) {
    this.now = deps.now ?? (() => new Date());
    this.grouping = deps.grouping ?? DEFAULT_GROUPING;
    this.job = new RepeatingJob(() => this.sendDue(), {
      tickMs: deps.tickMs ?? 1000,
      onError: (error) => deps.log.error({ err: error }, 'alert e-mails failed'),
    });
  }

  /** On 'notifications-dispatched', in the projector's transaction: `fresh` are recent enough to alert about. */
  async plan(tx: Database, fresh: readonly NotificationRow[], now: Date): Promise<void> {
    const rows: NewAlertDeliveryRow[] = [];
    for (const notification of fresh) {
      const eventType = RULE_EVENT_OF[notification.eventType];
      if (eventType === undefined || !isPlanned(notification)) {
        continue;
      }
      const rules = await findRulesFor(tx, {
        eventType,
        deviceId: notification.deviceId,
        locationId: notification.locationId,
      });
      for (const rule of rules) {
        const first = firstDelivery(rule, notification, now);
        if (first !== null) {
          rows.push({
            ruleId: rule.ruleId,
            notificationId: notification.id,
            repeat: first.repeat,
            dueAt: first.dueAt,
            deviceId: notification.deviceId,
            sensorId: notification.sensorId,
          });
        }
      }
    }
    await insertDeliveries(tx, rows);
  }

  start(): void {
    this.job.start();
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** Settles every due delivery, after any run in progress (tests call it instead of waiting). */
  drain(): Promise<void> {
    return this.job.drain();
  }

  /** One transaction of due deliveries and due groups; true when a batch was full. */
  async sendDue(): Promise<boolean> {
    const now = this.now();
    return this.deps.db.transaction(async (tx) => {
      const due = await claimDueDeliveries(tx, now, BATCH);
      for (const delivery of due) {
        await this.settle(tx, delivery, now);
      }
      const mailed = await mailDueGroups(tx, this.deps, now, BATCH);
      return due.length === BATCH || mailed === BATCH;
    });
  }

  private async settle(tx: Database, delivery: DueDelivery, now: Date): Promise<void> {
    const [notification] = await findNotificationsByIds(tx, [delivery.notificationId]);
    if (notification === undefined) {
      await settleDelivery(tx, delivery.id, { state: 'skipped', reason: 'gone', at: now });
      return;
    }
    const decision = decideSend({
      contactWhen: delivery.contactWhen,
      numberPerHour: delivery.numberPerHour,
      sentInLastHour:
        delivery.numberPerHour > 0
          ? await countSentSince(tx, delivery, new Date(now.getTime() - HOUR_MS))
          : 0,
      stillOn: notification.isActive,
      userActive: delivery.userActive,
      canSeeSite: await this.canSeeSite(tx, delivery.userId, notification.locationId),
      shelvedNow: await isSensorShelvedAt(tx, notification, now),
    });
    if (decision.send) {
      for (const recipient of recipientsOf(delivery)) {
        await joinGroup(
          tx,
          {
            recipient,
            locationId: notification.locationId,
            notificationId: notification.id,
            reason: reasonOf(delivery),
            repeat: delivery.repeat,
          },
          now,
          this.grouping,
        );
      }
    }
    await settleDelivery(tx, delivery.id, {
      state: decision.send ? 'sent' : 'skipped',
      reason: decision.send ? null : decision.reason,
      at: now,
    });
    if (delivery.contactWhen === 3 && notification.isActive && delivery.userActive) {
      const next = nextReminder(delivery, delivery);
      await insertDeliveries(tx, [
        {
          ruleId: delivery.ruleId,
          notificationId: delivery.notificationId,
          repeat: next.repeat,
          dueAt: next.dueAt,
          deviceId: delivery.deviceId,
          sensorId: delivery.sensorId,
        },
      ]);
    }
  }

  private async canSeeSite(tx: Database, userId: number, locationId: number): Promise<boolean> {
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
}

/** The person, and the alternative contact too when the rule says so (docs/alert-rules.md). */
function recipientsOf(delivery: DueDelivery): string[] {
  const alternative = delivery.alternativeContact?.trim();
  return delivery.sendToAlternative && alternative
    ? [...new Set([delivery.userEmail, alternative])]
    : [delivery.userEmail];
}

/** At once (0), still on after X minutes (2), or the n-th reminder every X hours (3). */
function reasonOf(delivery: DueDelivery): AlertMailReason {
  if (delivery.contactWhen === 0) {
    return 'now';
  }
  return delivery.contactWhen === 2 ? 'still-on' : 'reminder';
}
