import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  type AlertMailGroupItemRow,
  type AlertMailReason,
  alertMailGroupItems,
  alertMailGroups,
} from '../../db/tables/alert-mail-groups.table';

/** How long a new group collects alerts, and how far apart two e-mails of one group are (milliseconds). */
export type GroupTiming = { waitMs: number; intervalMs: number };

export type GroupEntry = {
  recipient: string;
  locationId: number;
  notificationId: number;
  reason: AlertMailReason;
  repeat: number;
};

/** One mailbox per address, whatever the rules' spelling. */
export const recipientKeyOf = (address: string) => address.trim().toLowerCase();

/**
 * Puts a notification into the recipient's group for the site. A group with nothing waiting is due `waitMs` from
 * now, but not before `intervalMs` after its last e-mail (Alertmanager's group_wait and group_interval); a group
 * already waiting keeps its time. The upsert takes the group's row lock, so an instance mailing the group
 * meanwhile finishes first and the entry joins the next e-mail.
 */
export async function joinGroup(
  tx: Database,
  entry: GroupEntry,
  now: Date,
  timing: GroupTiming,
): Promise<void> {
  const waitUntil = new Date(now.getTime() + timing.waitMs).toISOString();
  const intervalSeconds = timing.intervalMs / 1000;
  const [group] = await tx
    .insert(alertMailGroups)
    .values({
      recipient: recipientKeyOf(entry.recipient),
      locationId: entry.locationId,
      sendAt: sql`${waitUntil}::timestamptz`,
    })
    .onConflictDoUpdate({
      target: [alertMailGroups.recipient, alertMailGroups.locationId],
      set: {
        sendAt: sql`coalesce(${alertMailGroups.sendAt}, greatest(${waitUntil}::timestamptz, ${alertMailGroups.lastSentAt} + make_interval(secs => ${intervalSeconds})))`,
      },
    })
    .returning({ id: alertMailGroups.id });
  if (group === undefined) {
    return;
  }
  await tx
    .insert(alertMailGroupItems)
    .values({
      groupId: group.id,
      notificationId: entry.notificationId,
      reason: entry.reason,
      repeat: entry.repeat,
      addedAt: now,
    })
    .onConflictDoNothing();
}

export type DueGroup = { id: number; recipient: string; locationId: number };

/** Claims groups whose time has come, oldest first; rows another instance holds are skipped. */
export async function claimDueGroups(tx: Database, now: Date, limit: number): Promise<DueGroup[]> {
  return tx
    .select({
      id: alertMailGroups.id,
      recipient: alertMailGroups.recipient,
      locationId: alertMailGroups.locationId,
    })
    .from(alertMailGroups)
    .where(and(isNotNull(alertMailGroups.sendAt), lte(alertMailGroups.sendAt, now)))
    .orderBy(asc(alertMailGroups.sendAt), asc(alertMailGroups.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** What waits in a group, in the order it joined. */
export async function findGroupItems(tx: Database, groupId: number): Promise<AlertMailGroupItemRow[]> {
  return tx
    .select()
    .from(alertMailGroupItems)
    .where(eq(alertMailGroupItems.groupId, groupId))
    .orderBy(asc(alertMailGroupItems.addedAt), asc(alertMailGroupItems.notificationId));
}

/** The group was mailed (or had nothing left): its entries go, and the next e-mail waits for the interval. */
export async function markGroupSent(tx: Database, groupId: number, at: Date): Promise<void> {
  await tx.delete(alertMailGroupItems).where(eq(alertMailGroupItems.groupId, groupId));
  await tx
    .update(alertMailGroups)
    .set({ sendAt: null, lastSentAt: at })
    .where(eq(alertMailGroups.id, groupId));
}
