import type { EscalationStep } from '@vigil/contracts';
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { escalationSteps } from '../../db/tables/escalation.table';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The escalation steps of these notifications (issue 27, docs/escalation.md), as the log shows them: per
 * notification id, level 1 first. The escalation domain writes the steps; the log only reads them.
 */
export async function findEscalationSteps(
  db: Database,
  notificationIds: readonly number[],
): Promise<Map<number, EscalationStep[]>> {
  const byNotification = new Map<number, EscalationStep[]>();
  if (notificationIds.length === 0) {
    return byNotification;
  }
  const rows = await db
    .select()
    .from(escalationSteps)
    .where(inArray(escalationSteps.notificationId, [...notificationIds]))
    .orderBy(asc(escalationSteps.notificationId), asc(escalationSteps.level));
  for (const row of rows) {
    const steps = byNotification.get(row.notificationId) ?? [];
    steps.push({
      level: row.level,
      state: row.state,
      reason: row.reason,
      due_at: seconds(row.dueAt),
      settled_at: row.settledAt === null ? null : seconds(row.settledAt),
      recipients: row.recipients,
    });
    byNotification.set(row.notificationId, steps);
  }
  return byNotification;
}
