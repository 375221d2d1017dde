import { NOTIFICATIONS_COUNT_CAP } from '@vigil/contracts';
import { and, eq, gte, inArray, isNotNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type AuditRecordRow, auditRecords, type NewAuditRecordRow } from '../../db/tables/audit.table';
import { locationMemberships, locations } from '../../db/tables/sites.table';

/** The records a reader may see: every record (staff), or those of some sites and some clients. */
export type AuditScope =
  | { all: true }
  | { all: false; siteIds: readonly number[]; clientIds: readonly number[] };

export type AuditFilter = {
  scope: AuditScope;
  siteId?: number;
  personId?: number;
  kinds?: readonly string[];
  from?: Date;
  to?: Date;
};

/** A record with its site's title and zone (null when it names no site, or the site was deleted). */
export type AuditRecordWithPlace = AuditRecordRow & { siteTitle: string | null; timezone: string | null };

/** The sites where the person is Manager (with access): a manager reads the trail of these. */
export async function findManagedSiteIds(db: Database, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: locationMemberships.locationId })
    .from(locationMemberships)
    .where(
      and(
        eq(locationMemberships.userId, userId),
        eq(locationMemberships.permission, 'Manager'),
        eq(locationMemberships.hasAccess, true),
      ),
    );
  return rows.map((row) => row.id);
}

export async function insertAuditRecord(db: Database, values: NewAuditRecordRow): Promise<void> {
  await db.insert(auditRecords).values(values);
}

function scopeCondition(scope: AuditScope): SQL | undefined {
  if (scope.all) {
    return undefined;
  }
  const parts = [
    scope.siteIds.length > 0 ? inArray(auditRecords.siteId, [...scope.siteIds]) : undefined,
    scope.clientIds.length > 0 ? inArray(auditRecords.clientId, [...scope.clientIds]) : undefined,
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? sql`false` : or(...parts);
}

function conditionsOf(filter: AuditFilter): SQL | undefined {
  return and(
    scopeCondition(filter.scope),
    filter.siteId === undefined ? undefined : eq(auditRecords.siteId, filter.siteId),
    filter.personId === undefined ? undefined : eq(auditRecords.personId, filter.personId),
    filter.kinds === undefined ? undefined : inArray(auditRecords.kind, [...filter.kinds] as never[]),
    filter.from === undefined ? undefined : gte(auditRecords.at, filter.from),
    filter.to === undefined ? undefined : lte(auditRecords.at, filter.to),
  );
}

/** Newest first, as the indexes hold them (desc nulls last: the index order, never a sort of every match). */
const NEWEST_FIRST = [sql`${auditRecords.at} desc nulls last`, sql`${auditRecords.id} desc nulls last`];

const selectWithPlace = (db: Database) =>
  db
    .select({
      id: auditRecords.id,
      at: auditRecords.at,
      personId: auditRecords.personId,
      personName: auditRecords.personName,
      personEmail: auditRecords.personEmail,
      address: auditRecords.address,
      kind: auditRecords.kind,
      subjectType: auditRecords.subjectType,
      subjectId: auditRecords.subjectId,
      subjectLabel: auditRecords.subjectLabel,
      siteId: auditRecords.siteId,
      clientId: auditRecords.clientId,
      before: auditRecords.before,
      after: auditRecords.after,
      siteTitle: locations.title,
      timezone: locations.timezone,
    })
    .from(auditRecords)
    .leftJoin(locations, eq(locations.id, auditRecords.siteId));

/** A page of the filter, newest first, and the count of matches up to the notifications log's cap. */
export async function findAuditRecords(
  db: Database,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: AuditRecordWithPlace[] }> {
  const where = conditionsOf(filter);
  const counted = db
    .select({ one: sql`1` })
    .from(auditRecords)
    .where(where)
    .limit(NOTIFICATIONS_COUNT_CAP)
    .as('matching');
  const [total] = await db.select({ count: sql<number>`count(*)::int` }).from(counted);
  const pageIds = db
    .select({ id: auditRecords.id })
    .from(auditRecords)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(page.limit)
    .offset(page.offset);
  const rows = await selectWithPlace(db)
    .where(inArray(auditRecords.id, pageIds))
    .orderBy(...NEWEST_FIRST);
  return { count: total?.count ?? 0, rows };
}

/** Rows of the filter, newest first, `size` at a time after the row of `after` (the export's cursor). */
export async function findAuditRecordsAfter(
  db: Database,
  filter: AuditFilter,
  after: { at: Date; id: number } | undefined,
  size: number,
): Promise<AuditRecordWithPlace[]> {
  const cursor =
    after === undefined
      ? undefined
      : sql`(${auditRecords.at}, ${auditRecords.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})`;
  return selectWithPlace(db)
    .where(and(conditionsOf(filter), cursor))
    .orderBy(...NEWEST_FIRST)
    .limit(size);
}

/** The people with records in the scope since `since` (the Person filter's choices), by name; at most `limit`. */
export async function findAuditPeople(
  db: Database,
  scope: AuditScope,
  since: Date,
  limit: number,
): Promise<Array<{ id: number; name: string; email: string }>> {
  const rows = await db
    .selectDistinctOn([auditRecords.personId], {
      id: auditRecords.personId,
      name: auditRecords.personName,
      email: auditRecords.personEmail,
    })
    .from(auditRecords)
    .where(and(scopeCondition(scope), isNotNull(auditRecords.personId), gte(auditRecords.at, since)))
    .orderBy(auditRecords.personId, sql`${auditRecords.at} desc`)
    .limit(limit);
  return rows
    .map((row) => ({ id: row.id as number, name: row.name, email: row.email }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Removes records older than the cutoff, `chunk` rows per statement; answers how many. */
export async function deleteAuditRecordsBefore(db: Database, cutoff: Date, chunk: number): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db
      .delete(auditRecords)
      .where(
        inArray(
          auditRecords.id,
          db
            .select({ id: auditRecords.id })
            .from(auditRecords)
            .where(lt(auditRecords.at, cutoff))
            .limit(chunk),
        ),
      )
      .returning({ id: auditRecords.id });
    total += deleted.length;
    if (deleted.length < chunk) {
      return total;
    }
  }
}
