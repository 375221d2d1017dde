import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  type EscalationPolicyRow,
  escalationPolicies,
  escalationSteps,
  type NewEscalationStepRow,
  type StoredEscalationLevel,
} from '../../db/tables/escalation.table';
import { notifications } from '../../db/tables/notifications.table';
import { users } from '../../db/tables/users.table';

/** The site's policy, or undefined while it never had one. */
export async function findPolicy(db: Database, locationId: number): Promise<EscalationPolicyRow | undefined> {
  const [row] = await db
    .select()
    .from(escalationPolicies)
    .where(eq(escalationPolicies.locationId, locationId));
  return row;
}

/** The policies of these sites (the walk's planning reads them for a batch of notifications). */
export async function findPolicies(
  db: Database,
  locationIds: readonly number[],
): Promise<EscalationPolicyRow[]> {
  if (locationIds.length === 0) {
    return [];
  }
  return db
    .select()
    .from(escalationPolicies)
    .where(inArray(escalationPolicies.locationId, [...locationIds]));
}

/** Replaces the site's policy whole. */
export async function savePolicy(
  db: Database,
  values: {
    locationId: number;
    enabled: boolean;
    includeWarnings: boolean;
    levels: StoredEscalationLevel[];
    at: Date;
    by: { id: number; name: string };
  },
): Promise<EscalationPolicyRow> {
  const set = {
    enabled: values.enabled,
    includeWarnings: values.includeWarnings,
    levels: values.levels,
    dateUpdated: values.at,
    updatedById: values.by.id,
    updatedByName: values.by.name,
  };
  const [row] = await db
    .insert(escalationPolicies)
    .values({ locationId: values.locationId, ...set })
    .onConflictDoUpdate({ target: escalationPolicies.locationId, set })
    .returning();
  if (row === undefined) {
    throw new Error('the escalation policy was not saved');
  }
  return row;
}

/** id, e-mail, name, whether active and the roles access checks read, of these people (those who still exist). */
export async function findUsersByIds(db: Database, ids: readonly number[]) {
  if (ids.length === 0) {
    return [];
  }
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isActive: users.isActive,
      isSuperuser: users.isSuperuser,
      isOem: users.isOem,
      isAccountsManagement: users.isAccountsManagement,
      isManager: users.isManager,
      isEngineer: users.isEngineer,
    })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** Stores steps to come; a level already stored for the notification stays as it is (exactly once). */
export async function insertSteps(db: Database, rows: readonly NewEscalationStepRow[]): Promise<void> {
  if (rows.length > 0) {
    await db
      .insert(escalationSteps)
      .values([...rows])
      .onConflictDoNothing();
  }
}

export type DueStep = { id: number; notificationId: number; locationId: number; level: number; dueAt: Date };

/**
 * Claims due steps, oldest first: rows another instance holds are skipped (FOR UPDATE SKIP LOCKED), so each
 * level is settled by one transaction only.
 */
export async function claimDueSteps(db: Database, now: Date, limit: number): Promise<DueStep[]> {
  return db
    .select({
      id: escalationSteps.id,
      notificationId: escalationSteps.notificationId,
      locationId: escalationSteps.locationId,
      level: escalationSteps.level,
      dueAt: escalationSteps.dueAt,
    })
    .from(escalationSteps)
    .where(and(eq(escalationSteps.state, 'pending'), lte(escalationSteps.dueAt, now)))
    .orderBy(asc(escalationSteps.dueAt), asc(escalationSteps.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Takes a share lock on the notifications for the rest of the claiming transaction: an acknowledgement (an update
 * of the row) waits until the step is settled, so a level is never mailed after an acknowledgement committed.
 * Locked in id order, as every instance does. Answers the ids that still exist.
 */
export async function lockNotifications(db: Database, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) {
    return new Set();
  }
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(inArray(notifications.id, [...ids]))
    .orderBy(asc(notifications.id))
    .for('share');
  return new Set(rows.map((row) => row.id));
}

/** The levels settled before, of these notifications, lowest first (who was told before). */
export async function findSettledSteps(db: Database, notificationIds: readonly number[]) {
  if (notificationIds.length === 0) {
    return [];
  }
  return db
    .select({
      notificationId: escalationSteps.notificationId,
      level: escalationSteps.level,
      state: escalationSteps.state,
      recipients: escalationSteps.recipients,
      settledAt: escalationSteps.settledAt,
    })
    .from(escalationSteps)
    .where(
      and(
        inArray(escalationSteps.notificationId, [...notificationIds]),
        sql`${escalationSteps.state} <> 'pending'`,
      ),
    )
    .orderBy(asc(escalationSteps.notificationId), asc(escalationSteps.level));
}

export type StepOutcome = {
  id: number;
  state: 'sent' | 'stopped';
  reason: string | null;
  recipients: string[];
};

/** Settles the steps of one claim in one statement, all at `at`. */
export async function settleSteps(db: Database, outcomes: readonly StepOutcome[], at: Date): Promise<void> {
  if (outcomes.length === 0) {
    return;
  }
  const settled = sql`(select * from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb)
    as o(id bigint, state text, reason text, recipients text[]))`;
  await db.execute(sql`update ${escalationSteps}
    set state = o.state, reason = o.reason, recipients = o.recipients, settled_at = ${at.toISOString()}::timestamptz
    from ${settled} as o where ${escalationSteps.id} = o.id`);
}
