import type { Database } from '../../db/database';
import type { DeviceRow } from '../../db/tables/devices.table';
import type { UserRow } from '../../db/tables/users.table';
import type { DomainEventPublisher } from '../../events/domain-events';

/**
 * The audit record of a person's maintenance step (docs/audit.md), in the step's transaction: a test started or
 * canceled is a `maintenance.step`; the comment a person writes on a test the server ended (succeeded, failed) is
 * a `maintenance.comment`.
 */
export function recordMaintenanceChange(
  events: DomainEventPublisher,
  tx: Database,
  change: {
    actor: UserRow;
    kind: 'maintenance.step' | 'maintenance.comment';
    device: DeviceRow;
    before: Record<string, unknown> | null;
    after: Record<string, unknown>;
  },
): Promise<void> {
  return events.publish(tx, 'change-recorded', {
    kind: change.kind,
    by: change.actor,
    subject: { type: 'device', id: change.device.id, label: change.device.title },
    siteId: change.device.locationId,
    clientId: null,
    before: change.before,
    after: change.after,
  });
}
