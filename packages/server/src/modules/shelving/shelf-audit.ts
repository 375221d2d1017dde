import type { Database } from '../../db/database';
import type { SensorShelfRow } from '../../db/tables/shelving.table';
import type { UserRow } from '../../db/tables/users.table';
import type { DomainEventPublisher } from '../../events/domain-events';

/** A shelf as the audit trail shows it (docs/audit.md): what the person set, and how it ended. */
function shelfAuditValues(shelf: SensorShelfRow | null): Record<string, unknown> | null {
  if (shelf === null) {
    return null;
  }
  return {
    reason: shelf.reason,
    until: shelf.until.toISOString(),
    ...(shelf.unshelvedAt === null ? {} : { ended: shelf.unshelvedAt.toISOString(), how: shelf.unshelveHow }),
  };
}

/**
 * The audit record of a person shelving or unshelving a sensor's alarms, in the transaction of the change
 * (docs/shelving.md). A shelf that expires is no person's change: the notifications log shows it instead.
 */
export function recordShelfChange(
  events: DomainEventPublisher,
  tx: Database,
  change: {
    kind: 'sensor.shelved' | 'sensor.unshelved';
    by: UserRow;
    before: SensorShelfRow | null;
    after: SensorShelfRow;
  },
): Promise<void> {
  const { after } = change;
  return events.publish(tx, 'change-recorded', {
    kind: change.kind,
    by: change.by,
    subject: { type: 'sensor', id: after.sensorId, label: `${after.sensorName} on ${after.deviceTitle}` },
    siteId: after.locationId,
    clientId: null,
    before: shelfAuditValues(change.before),
    after: shelfAuditValues(after),
  });
}
