import type { AlertContactWhen, AlertEventType, DeviceType } from '@vigil/contracts';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { Page } from '../../db/page';
import {
  type AlertRuleRow,
  alertRuleDevices,
  alertRules,
  type NewAlertRuleRow,
} from '../../db/tables/alert-rules.table';
import { devices } from '../../db/tables/devices.table';
import { locationMemberships, locations } from '../../db/tables/sites.table';
import { users } from '../../db/tables/users.table';

/** Whose devices count as seen: undefined for staff (every device), else memberships and managed clients. */
export type DeviceVisibility = { userId: number; managedClientIds: number[] } | undefined;

export type RuleDevice = {
  id: number;
  title: string;
  udfId: string;
  deviceType: DeviceType;
  isOnline: boolean;
};

/** The values a rule stores, without its owner and dates. */
export type AlertRuleValues = Pick<
  NewAlertRuleRow,
  | 'deliveryMethod'
  | 'sendToAlternative'
  | 'alternativeContact'
  | 'eventType'
  | 'contactWhen'
  | 'periodical'
  | 'x'
  | 'allDevices'
  | 'numberPerHour'
>;

export type AlertRuleSearch = { text: string; eventTypes: AlertEventType[] };

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The device (joined with its site) is one the person sees: a membership with access, or a managed client. */
function visibleDeviceWhere(visibility: DeviceVisibility): SQL | undefined {
  if (visibility === undefined) {
    return undefined;
  }
  const member = sql`exists (select 1 from ${locationMemberships} where ${locationMemberships.locationId} = ${devices.locationId} and ${locationMemberships.userId} = ${visibility.userId} and ${locationMemberships.hasAccess})`;
  return visibility.managedClientIds.length === 0
    ? member
    : or(member, inArray(locations.clientId, visibility.managedClientIds));
}

function searchWhere(search: AlertRuleSearch | undefined): SQL | undefined {
  if (search === undefined || search.text === '') {
    return undefined;
  }
  const pattern = likePattern(search.text);
  const titled = sql`exists (select 1 from ${alertRuleDevices} inner join ${devices} on ${devices.id} = ${alertRuleDevices.deviceId} where ${alertRuleDevices.ruleId} = ${alertRules.id} and ${devices.title} ilike ${pattern})`;
  return or(
    search.eventTypes.length === 0 ? undefined : inArray(alertRules.eventType, search.eventTypes),
    ilike(alertRules.alternativeContact, pattern),
    titled,
  );
}

/** One page of the person's rules, newest first, and their total. */
export async function findRulesPage(
  db: Database,
  userId: number,
  search: AlertRuleSearch | undefined,
  page: Page,
): Promise<{ count: number; rows: AlertRuleRow[] }> {
  const where = and(eq(alertRules.userId, userId), searchWhere(search));
  const [total] = await db.select({ count: sql<number>`count(*)::int` }).from(alertRules).where(where);
  const rows = await db
    .select()
    .from(alertRules)
    .where(where)
    .orderBy(desc(alertRules.dateCreated), desc(alertRules.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.count ?? 0, rows };
}

/** The person's rule; undefined for another person's or a missing one. */
export async function getRuleOfUser(
  db: Database,
  userId: number,
  id: number,
): Promise<AlertRuleRow | undefined> {
  const [row] = await db
    .select()
    .from(alertRules)
    .where(and(eq(alertRules.id, id), eq(alertRules.userId, userId)))
    .limit(1);
  return row;
}

/** The devices the rules name that the person still sees, by rule id (titles in order). */
export async function findRuleDevices(
  db: Database,
  ruleIds: readonly number[],
  visibility: DeviceVisibility,
): Promise<Map<number, RuleDevice[]>> {
  const byRule = new Map<number, RuleDevice[]>();
  if (ruleIds.length === 0) {
    return byRule;
  }
  const rows = await db
    .select({
      ruleId: alertRuleDevices.ruleId,
      id: devices.id,
      title: devices.title,
      udfId: devices.udfId,
      deviceType: devices.deviceType,
      isOnline: devices.isOnline,
    })
    .from(alertRuleDevices)
    .innerJoin(devices, eq(devices.id, alertRuleDevices.deviceId))
    .innerJoin(locations, eq(locations.id, devices.locationId))
    .where(and(inArray(alertRuleDevices.ruleId, [...ruleIds]), visibleDeviceWhere(visibility)))
    .orderBy(asc(sql`lower(${devices.title})`), asc(devices.id));
  for (const { ruleId, ...device } of rows) {
    byRule.set(ruleId, [...(byRule.get(ruleId) ?? []), device]);
  }
  return byRule;
}

/** Which of these device ids the person sees. */
export async function findVisibleDeviceIds(
  db: Database,
  ids: readonly number[],
  visibility: DeviceVisibility,
): Promise<Set<number>> {
  if (ids.length === 0) {
    return new Set();
  }
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .innerJoin(locations, eq(locations.id, devices.locationId))
    .where(and(inArray(devices.id, [...ids]), visibleDeviceWhere(visibility)));
  return new Set(rows.map((row) => row.id));
}

async function replaceRuleDevices(tx: Database, ruleId: number, deviceIds: readonly number[]): Promise<void> {
  await tx.delete(alertRuleDevices).where(eq(alertRuleDevices.ruleId, ruleId));
  if (deviceIds.length > 0) {
    await tx
      .insert(alertRuleDevices)
      .values([...new Set(deviceIds)].map((deviceId) => ({ ruleId, deviceId })));
  }
}

/** Stores a new rule of the person with its devices, in one transaction. */
export async function insertRule(
  db: Database,
  userId: number,
  values: AlertRuleValues,
  deviceIds: readonly number[],
): Promise<AlertRuleRow> {
  return db.transaction(async (tx) => insertRuleIn(tx, userId, values, deviceIds));
}

/**
 * insertRule unless the person already has `maxRules` rules (then undefined). The person's row is locked
 * first, so two saves at once cannot both take the last place.
 */
export async function insertRuleWithin(
  db: Database,
  userId: number,
  values: AlertRuleValues,
  deviceIds: readonly number[],
  maxRules: number,
): Promise<AlertRuleRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [stored] = await tx
      .select({ count: count() })
      .from(alertRules)
      .where(eq(alertRules.userId, userId));
    if ((stored?.count ?? 0) >= maxRules) {
      return undefined;
    }
    return insertRuleIn(tx, userId, values, deviceIds);
  });
}

async function insertRuleIn(
  tx: Database,
  userId: number,
  values: AlertRuleValues,
  deviceIds: readonly number[],
): Promise<AlertRuleRow> {
  const [row] = await tx
    .insert(alertRules)
    .values({ ...values, userId })
    .returning();
  if (row === undefined) {
    throw new Error('insert returned no row');
  }
  await replaceRuleDevices(tx, row.id, deviceIds);
  return row;
}

/** Changes the person's rule and replaces its devices; undefined when it is gone (or not theirs). */
export async function updateRule(
  db: Database,
  userId: number,
  id: number,
  values: AlertRuleValues,
  deviceIds: readonly number[],
  at: Date,
): Promise<AlertRuleRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(alertRules)
      .set({ ...values, dateUpdated: at })
      .where(and(eq(alertRules.id, id), eq(alertRules.userId, userId)))
      .returning();
    if (row !== undefined) {
      await replaceRuleDevices(tx, row.id, deviceIds);
    }
    return row;
  });
}

/** Deletes the person's rule (its devices and pending deliveries cascade); false when there was none. */
export async function deleteRule(db: Database, userId: number, id: number): Promise<boolean> {
  const gone = await db
    .delete(alertRules)
    .where(and(eq(alertRules.id, id), eq(alertRules.userId, userId)))
    .returning({ id: alertRules.id });
  return gone.length > 0;
}

/** A rule as the e-mail engine needs it, with its owner. */
export type MatchingAlertRule = {
  ruleId: number;
  userId: number;
  userEmail: string;
  userIsActive: boolean;
  eventType: AlertEventType;
  sendToAlternative: boolean;
  alternativeContact: string | null;
  contactWhen: AlertContactWhen;
  periodical: boolean;
  x: number;
  numberPerHour: number;
  allDevices: boolean;
};

/**
 * The rules of this event type that cover the event: all_devices, or a device list holding the device (for an
 * event of a site without a device, a listed device at that site). The engine re-checks the owner's access.
 */
export async function findRulesFor(
  db: Database,
  event: { eventType: AlertEventType; deviceId: number | null; locationId: number },
): Promise<MatchingAlertRule[]> {
  const listed =
    event.deviceId === null
      ? sql`exists (select 1 from ${alertRuleDevices} inner join ${devices} on ${devices.id} = ${alertRuleDevices.deviceId} where ${alertRuleDevices.ruleId} = ${alertRules.id} and ${devices.locationId} = ${event.locationId})`
      : sql`exists (select 1 from ${alertRuleDevices} where ${alertRuleDevices.ruleId} = ${alertRules.id} and ${alertRuleDevices.deviceId} = ${event.deviceId})`;
  return db
    .select({
      ruleId: alertRules.id,
      userId: alertRules.userId,
      userEmail: users.email,
      userIsActive: users.isActive,
      eventType: alertRules.eventType,
      sendToAlternative: alertRules.sendToAlternative,
      alternativeContact: alertRules.alternativeContact,
      contactWhen: alertRules.contactWhen,
      periodical: alertRules.periodical,
      x: alertRules.x,
      numberPerHour: alertRules.numberPerHour,
      allDevices: alertRules.allDevices,
    })
    .from(alertRules)
    .innerJoin(users, eq(users.id, alertRules.userId))
    .where(and(eq(alertRules.eventType, event.eventType), or(eq(alertRules.allDevices, true), listed)))
    .orderBy(asc(alertRules.id));
}
