import { NOTIFICATIONS_COUNT_CAP, type NotificationOrdering, type NotificationType } from '@vigil/contracts';
import { and, asc, desc, eq, getTableColumns, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import { recordedWhileOwnedSql } from '../../access/access.repo';
import type { Database } from '../../db/database';
import { devices } from '../../db/tables/devices.table';
import { notifications } from '../../db/tables/notifications.table';
import { locations } from '../../db/tables/sites.table';

/** A notification with what its item shows of its site and device (notification-items.ts). */
export type NotificationWithPlace = typeof notifications.$inferSelect & {
  locationTitle: string;
  timezone: string;
  udfId: string | null;
  deviceType: string | null;
  isOnline: boolean | null;
  /** Set on pushes only: the row is about a sensor while it was under a maintenance test (maintenance-marks.ts). */
  isMaintenanceTest?: boolean;
};

export type NotificationFilter = {
  /**
   * Sites the reader may see; undefined means every site (staff). A reader limited to sites also sees, at a site
   * of a device's current client, only what the device recorded since it came to that client
   * (access/device-history.ts); an earlier client's sites keep what was raised there.
   */
  siteIds: readonly number[] | undefined;
  location?: number;
  device?: number;
  eventTypes?: readonly NotificationType[];
  isActive?: boolean;
  from?: Date;
  to?: Date;
  search?: string;
};

const withPlace = {
  locationTitle: locations.title,
  timezone: locations.timezone,
  udfId: devices.udfId,
  deviceType: devices.deviceType,
  isOnline: devices.isOnline,
};

function selectWithPlace(db: Database) {
  return db
    .select({ ...getTableColumns(notifications), ...withPlace })
    .from(notifications)
    .innerJoin(locations, eq(locations.id, notifications.locationId))
    .leftJoin(devices, eq(devices.id, notifications.deviceId));
}

/** `%`, `_` and `\` match themselves in a search. */
const likePattern = (words: string) => `%${words.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function conditionsOf(filter: NotificationFilter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [];
  if (filter.siteIds !== undefined) {
    conditions.push(
      filter.siteIds.length === 0 ? sql`false` : inArray(notifications.locationId, [...filter.siteIds]),
      recordedWhileOwnedSql(notifications.deviceId, notifications.dateCreated, notifications.locationId),
    );
  }
  if (filter.location !== undefined) {
    conditions.push(eq(notifications.locationId, filter.location));
  }
  if (filter.device !== undefined) {
    conditions.push(eq(notifications.deviceId, filter.device));
  }
  if (filter.eventTypes !== undefined && filter.eventTypes.length > 0) {
    conditions.push(
      filter.eventTypes.length === 1
        ? eq(notifications.eventType, filter.eventTypes[0] as NotificationType)
        : inArray(notifications.eventType, [...filter.eventTypes]),
    );
  }
  if (filter.isActive !== undefined) {
    conditions.push(eq(notifications.isActive, filter.isActive));
  }
  if (filter.from !== undefined) {
    conditions.push(gte(notifications.dateCreated, filter.from));
  }
  if (filter.to !== undefined) {
    conditions.push(lte(notifications.dateCreated, filter.to));
  }
  if (filter.search !== undefined && filter.search !== '') {
    const pattern = likePattern(filter.search);
    conditions.push(
      sql`(${notifications.content} ilike ${pattern} or ${notifications.sensorName} ilike ${pattern}
        or ${notifications.deviceTitle} ilike ${pattern} or ${locations.title} ilike ${pattern})`,
    );
  }
  return and(...conditions);
}

/**
 * date_created and id are never null, and the indexes hold them `DESC NULLS LAST` (Drizzle's `.desc()`): only that
 * order or its reverse is read from an index; a plain `desc` (nulls first) sorted every row a list matched.
 */
const inIndexOrder = (column: typeof notifications.id | typeof notifications.dateCreated, up = false) =>
  up ? sql`${column} asc nulls first` : sql`${column} desc nulls last`;

function orderOf(ordering: NotificationOrdering | undefined, unacknowledgedFirst: boolean): SQL[] {
  const first = unacknowledgedFirst
    ? [
        sql`(${notifications.eventType} in ('alarm_on', 'warning_on') and ${notifications.acknowledgedAt} is null) desc`,
      ]
    : [];
  const field = (ordering ?? '-date_created').replace(/^-/, '');
  const descending = (ordering ?? '-date_created').startsWith('-');
  const direction = descending ? desc : asc;
  const byField = {
    date_created: [inIndexOrder(notifications.dateCreated, !descending)],
    event_type: [direction(notifications.eventType), inIndexOrder(notifications.dateCreated)],
    device: [direction(notifications.deviceTitle), inIndexOrder(notifications.dateCreated)],
    location: [direction(locations.title), inIndexOrder(notifications.dateCreated)],
  }[field as 'date_created'];
  return [...first, ...byField, inIndexOrder(notifications.id, !descending)];
}

export type NotificationListOptions = {
  ordering?: NotificationOrdering;
  unacknowledgedFirst: boolean;
  limit: number;
  offset: number;
};

/**
 * One page of the log and how many rows match (up to NOTIFICATIONS_COUNT_CAP). The page's ids come from an index alone, then only their rows are
 * read (a deep page skips index entries, not rows); sites are joined only when the search or the order reads them.
 */
export async function findNotifications(
  db: Database,
  filter: NotificationFilter,
  options: NotificationListOptions,
): Promise<{ count: number; rows: NotificationWithPlace[] }> {
  const where = conditionsOf(filter);
  const order = orderOf(options.ordering, options.unacknowledgedFirst);
  const withSites = (filter.search ?? '') !== '' || options.ordering?.replace(/^-/, '') === 'location';
  // Counted up to the cap: an exact count of millions of rows costs hundreds of milliseconds on every page.
  const matching = db.select({ one: sql`1` }).from(notifications);
  const counted = (
    withSites ? matching.innerJoin(locations, eq(locations.id, notifications.locationId)) : matching
  )
    .where(where)
    .limit(NOTIFICATIONS_COUNT_CAP)
    .as('matching');
  const [total] = await db.select({ count: sql<number>`count(*)::int` }).from(counted);
  const picking = db.select({ id: notifications.id }).from(notifications);
  const pageIds = (
    withSites ? picking.innerJoin(locations, eq(locations.id, notifications.locationId)) : picking
  )
    .where(where)
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset);
  const rows = await selectWithPlace(db)
    .where(inArray(notifications.id, pageIds))
    .orderBy(...order);
  return { count: total?.count ?? 0, rows };
}

/** Rows of the filter in the list's order, `size` at a time after the row of `after` (the export's cursor). */
export async function findNotificationsAfter(
  db: Database,
  filter: NotificationFilter,
  after: { dateCreated: Date; id: number } | undefined,
  size: number,
): Promise<NotificationWithPlace[]> {
  const cursor =
    after === undefined
      ? undefined
      : sql`(${notifications.dateCreated}, ${notifications.id}) < (${after.dateCreated}, ${after.id})`;
  return selectWithPlace(db)
    .where(and(conditionsOf(filter), cursor))
    .orderBy(inIndexOrder(notifications.dateCreated), inIndexOrder(notifications.id))
    .limit(size);
}

export async function findNotificationsByIds(
  db: Database,
  ids: readonly number[],
): Promise<NotificationWithPlace[]> {
  if (ids.length === 0) {
    return [];
  }
  return selectWithPlace(db)
    .where(inArray(notifications.id, [...ids]))
    .orderBy(asc(notifications.id));
}

/** Rows not yet pushed and handed to the e-mail rules, oldest first. */
export async function findUndispatched(db: Database, limit: number): Promise<NotificationWithPlace[]> {
  return selectWithPlace(db)
    .where(sql`${notifications.dispatchedAt} is null`)
    .orderBy(asc(notifications.id))
    .limit(limit);
}

export async function markDispatched(db: Database, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length > 0) {
    await db
      .update(notifications)
      .set({ dispatchedAt: at })
      .where(inArray(notifications.id, [...ids]));
  }
}

/** Records who acknowledged an active alarm or warning; false when it is not one, or was acknowledged already. */
export async function acknowledgeNotification(
  db: Database,
  id: number,
  by: { id: number; name: string },
  comment: string,
  at: Date,
): Promise<boolean> {
  const updated = await db
    .update(notifications)
    .set({
      acknowledgedAt: at,
      acknowledgedById: by.id,
      acknowledgedByName: by.name,
      acknowledgeComment: comment,
    })
    .where(
      and(
        eq(notifications.id, id),
        eq(notifications.isActive, true),
        inArray(notifications.eventType, ['alarm_on', 'warning_on']),
        sql`${notifications.acknowledgedAt} is null`,
      ),
    )
    .returning({ id: notifications.id });
  return updated.length > 0;
}

/**
 * Retention (HISTORY_RETENTION_DAYS, like device events): removes notifications made before `cutoff`, `chunk`
 * rows per statement, except those still active (an alarm on for that long stays in the log until it clears).
 */
export async function deleteClosedNotificationsBefore(
  db: Database,
  cutoff: Date,
  chunk: number,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db
      .delete(notifications)
      .where(
        inArray(
          notifications.id,
          db
            .select({ id: notifications.id })
            .from(notifications)
            .where(and(lt(notifications.dateCreated, cutoff), eq(notifications.isActive, false)))
            .limit(chunk),
        ),
      )
      .returning({ id: notifications.id });
    total += deleted.length;
    if (deleted.length < chunk) {
      return total;
    }
  }
}
