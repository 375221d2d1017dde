import type { AlertContactWhen } from '@vigil/contracts';
import { and, asc, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  type AlertDeliveryState,
  alertDeliveries,
  alertRules,
  type NewAlertDeliveryRow,
} from '../../db/tables/alert-rules.table';
import { users } from '../../db/tables/users.table';

export async function insertDeliveries(tx: Database, rows: readonly NewAlertDeliveryRow[]): Promise<void> {
  if (rows.length > 0) {
    await tx
      .insert(alertDeliveries)
      .values([...rows])
      .onConflictDoNothing();
  }
}

export type DueDelivery = {
  id: number;
  ruleId: number;
  notificationId: number;
  repeat: number;
  dueAt: Date;
  deviceId: number | null;
  sensorId: string | null;
  contactWhen: AlertContactWhen;
  x: number;
  numberPerHour: number;
  sendToAlternative: boolean;
  alternativeContact: string | null;
  userId: number;
  userEmail: string;
  userActive: boolean;
};

/**
 * Claims due deliveries, oldest first: rows another instance holds are skipped (FOR UPDATE SKIP LOCKED), so
 * each is settled by one transaction only.
 */
export async function claimDueDeliveries(tx: Database, now: Date, limit: number): Promise<DueDelivery[]> {
  const due = await tx
    .select({ id: alertDeliveries.id })
    .from(alertDeliveries)
    .where(and(eq(alertDeliveries.state, 'pending'), lte(alertDeliveries.dueAt, now)))
    .orderBy(asc(alertDeliveries.dueAt), asc(alertDeliveries.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) {
    return [];
  }
  return tx
    .select({
      id: alertDeliveries.id,
      ruleId: alertDeliveries.ruleId,
      notificationId: alertDeliveries.notificationId,
      repeat: alertDeliveries.repeat,
      dueAt: alertDeliveries.dueAt,
      deviceId: alertDeliveries.deviceId,
      sensorId: alertDeliveries.sensorId,
      contactWhen: alertRules.contactWhen,
      x: alertRules.x,
      numberPerHour: alertRules.numberPerHour,
      sendToAlternative: alertRules.sendToAlternative,
      alternativeContact: alertRules.alternativeContact,
      userId: alertRules.userId,
      userEmail: users.email,
      userActive: users.isActive,
    })
    .from(alertDeliveries)
    .innerJoin(alertRules, eq(alertRules.id, alertDeliveries.ruleId))
    .innerJoin(users, eq(users.id, alertRules.userId))
    .where(
      inArray(
        alertDeliveries.id,
        due.map((row) => row.id),
      ),
    )
    .orderBy(asc(alertDeliveries.dueAt), asc(alertDeliveries.id));
}

/** E-mails the rule sent for this sensor (device and full sensor id) since `since` (Smart Notify). */
export async function countSentSince(
  tx: Database,
  delivery: Pick<DueDelivery, 'ruleId' | 'deviceId' | 'sensorId'>,
  since: Date,
): Promise<number> {
  const [row] = await tx
    .select({ sent: count() })
    .from(alertDeliveries)
    .where(
      and(
        eq(alertDeliveries.ruleId, delivery.ruleId),
        delivery.deviceId === null
          ? sql`${alertDeliveries.deviceId} is null`
          : eq(alertDeliveries.deviceId, delivery.deviceId),
        delivery.sensorId === null
          ? sql`${alertDeliveries.sensorId} is null`
          : eq(alertDeliveries.sensorId, delivery.sensorId),
        eq(alertDeliveries.state, 'sent'),
        gte(alertDeliveries.settledAt, since),
      ),
    );
  return row?.sent ?? 0;
}

export async function settleDelivery(
  tx: Database,
  id: number,
  outcome: { state: Exclude<AlertDeliveryState, 'pending'>; reason: string | null; at: Date },
): Promise<void> {
  await tx
    .update(alertDeliveries)
    .set({ state: outcome.state, reason: outcome.reason, settledAt: outcome.at })
    .where(eq(alertDeliveries.id, id));
}
