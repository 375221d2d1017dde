import { and, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import { recordedWhileOwnedSql } from '../../access/access.repo';
import type { Database } from '../../db/database';
import { notificationReads, notifications } from '../../db/tables/notifications.table';

/** A reader's read mark on the notifications log (M section 9: the header's badge and 'mark all as read'). */

/**
 * The reader's unread notifications, counted up to `cap` (the badge shows 999+ above 999): newer than their read
 * mark, or, before they first read, than the day they joined.
 */
export async function countUnread(
  db: Database,
  user: { id: number; dateJoined: Date },
  siteIds: readonly number[] | undefined,
  cap: number,
): Promise<number> {
  const [mark] = await db
    .select({ lastReadId: notificationReads.lastReadId })
    .from(notificationReads)
    .where(eq(notificationReads.userId, user.id));
  const newer =
    mark === undefined
      ? gte(notifications.dateCreated, user.dateJoined)
      : gt(notifications.id, mark.lastReadId);
  const sites =
    siteIds === undefined
      ? undefined
      : siteIds.length === 0
        ? sql`false`
        : inArray(notifications.locationId, [...siteIds]);
  const owned =
    siteIds === undefined
      ? undefined
      : recordedWhileOwnedSql(notifications.deviceId, notifications.dateCreated, notifications.locationId);
  const inner = db
    .select({ one: sql`1` })
    .from(notifications)
    .where(and(newer, sites, owned))
    .limit(cap)
    .as('unread');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(inner);
  return row?.count ?? 0;
}

/** Everything up to now is read. */
export async function markAllRead(db: Database, userId: number, at: Date): Promise<void> {
  const [newest] = await db.select({ id: sql<number | null>`max(${notifications.id})` }).from(notifications);
  const lastReadId = Number(newest?.id ?? 0);
  await db
    .insert(notificationReads)
    .values({ userId, lastReadId, readAt: at })
    .onConflictDoUpdate({
      target: notificationReads.userId,
      set: { lastReadId: sql`greatest(${notificationReads.lastReadId}, excluded.last_read_id)`, readAt: at },
    });
}
