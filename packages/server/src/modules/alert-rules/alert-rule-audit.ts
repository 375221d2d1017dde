import type { Database } from '../../db/database';
import type { AlertRuleRow } from '../../db/tables/alert-rules.table';
import type { UserRow } from '../../db/tables/users.table';
import type { DomainEventPublisher } from '../../events/domain-events';

/** An e-mail rule as the audit trail shows it (docs/audit.md). */
export function alertRuleAuditValues(
  row: AlertRuleRow,
  deviceIds: readonly number[],
): Record<string, unknown> {
  return {
    event_type: row.eventType,
    contact_when: row.contactWhen,
    x: row.x,
    all_devices: row.allDevices,
    devices: [...deviceIds].sort((a, b) => a - b),
    number_per_hour: row.numberPerHour,
    send_to_alternative: row.sendToAlternative,
    alternative_contact: row.alternativeContact,
  };
}

/**
 * The audit record of a change of a person's e-mail rule, in its transaction. A rule is the person's own and may
 * span sites: it is filed under the person's current client (accounts management and staff read it).
 */
export function recordAlertRuleChange(
  events: DomainEventPublisher,
  tx: Database,
  change: {
    actor: UserRow;
    kind: 'email-rule.created' | 'email-rule.changed' | 'email-rule.deleted';
    ruleId: number;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  },
): Promise<void> {
  const { actor } = change;
  return events.publish(tx, 'change-recorded', {
    kind: change.kind,
    by: actor,
    subject: {
      type: 'email-rule',
      id: change.ruleId,
      label: `E-mail rule ${change.ruleId} of ${actor.email}`,
    },
    siteId: null,
    clientId: actor.currentClientId,
    before: change.before,
    after: change.after,
  });
}
