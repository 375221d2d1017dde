import type { Database } from '../../db/database';
import type { LocationRow } from '../../db/tables/sites.table';
import type { UserRow } from '../../db/tables/users.table';
import type { DomainEventPublisher } from '../../events/domain-events';

/** A site as the audit trail shows it before and after a change (docs/audit.md). */
export function siteAuditValues(row: LocationRow): Record<string, unknown> {
  return {
    title: row.title,
    address: row.address,
    full_name: row.fullName,
    email: row.email,
    mobile: row.mobile,
    timezone: row.timezone,
    is_suspended: row.isSuspended,
    is_active: row.isActive,
    visual_dashboard_enabled: row.visualDashboardEnabled,
    proof_test_interval_days: row.proofTestIntervalDays,
  };
}

/** The audit trail's record of a change of the site (docs/audit.md), in the change's transaction. */
export function recordSiteChange(
  events: DomainEventPublisher,
  tx: Database,
  user: UserRow,
  kind: 'site.changed' | 'site.removed',
  site: LocationRow,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  return events.publish(tx, 'change-recorded', {
    kind,
    by: user,
    subject: { type: 'site', id: site.id, label: site.title },
    siteId: site.id,
    clientId: site.clientId,
    before,
    after,
  });
}
