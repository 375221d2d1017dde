import type { Database } from '../../db/database';
import type { AlertMailGroupItemRow } from '../../db/tables/alert-mail-groups.table';
import type { Mailer } from '../../mail/mailer';
import { findNotificationsByIds } from '../notifications/notifications.repo';
import { alertGroupMail, type GroupedAlert } from './alert-group-mail';
import type { AlertReason } from './alert-mail';
import { claimDueGroups, findGroupItems, markGroupSent } from './alert-mail-groups.repo';

/** Why a grouped notification is mailed, as the e-mail words it. */
function reasonOf(item: AlertMailGroupItemRow): AlertReason {
  switch (item.reason) {
    case 'now':
      return { kind: 'now' };
    case 'still-on':
      return { kind: 'still-on' };
    case 'reminder':
      return { kind: 'reminder', count: item.repeat };
  }
}

/**
 * Mails the groups whose time has come (docs/alert-rules.md 'Grouping'): each claimed group (FOR UPDATE SKIP
 * LOCKED) becomes one outbox e-mail in this transaction, and its entries go, so each is mailed once whatever the
 * number of instances. Answers how many groups were claimed.
 */
export async function mailDueGroups(
  tx: Database,
  deps: { mailer: Mailer; publicUrl: string },
  now: Date,
  limit: number,
): Promise<number> {
  const groups = await claimDueGroups(tx, now, limit);
  for (const group of groups) {
    const items = await findGroupItems(tx, group.id);
    const rows = await findNotificationsByIds(
      tx,
      items.map((item) => item.notificationId),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const alerts = items
      .flatMap((item): GroupedAlert[] => {
        const notification = byId.get(item.notificationId);
        return notification === undefined ? [] : [{ notification, reason: reasonOf(item) }];
      })
      .sort(
        (a, b) =>
          a.notification.dateCreated.getTime() - b.notification.dateCreated.getTime() ||
          a.notification.id - b.notification.id,
      );
    const mail = alertGroupMail(alerts, group.recipient, deps.publicUrl);
    if (mail !== null) {
      await deps.mailer.send(mail, tx);
    }
    await markGroupSent(tx, group.id, now);
  }
  return groups.length;
}
