import type { Permission } from '@vigil/contracts';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';
import type { DomainEventPublisher } from '../../events/domain-events';

/** A person as the audit trail shows them (docs/audit.md); password hash, keys and 2FA secrets never listed. */
export function userAuditValues(user: UserRow): Record<string, unknown> {
  return {
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    company: user.company,
    phone: user.phone,
    address: user.address,
    is_active: user.isActive,
    is_superuser: user.isSuperuser,
    is_oem: user.isOem,
    is_accounts_management: user.isAccountsManagement,
    is_manager: user.isManager,
    is_engineer: user.isEngineer,
    visual_dashboard_enabled: user.visualDashboardEnabled,
  };
}

type Person = Pick<UserRow, 'id' | 'email'>;

/** The audit record of a change of a person, in the change's transaction (scoped to the client it concerns). */
export function recordUserChange(
  events: DomainEventPublisher,
  tx: Database,
  change: {
    actor: UserRow;
    kind: 'user.created' | 'user.changed' | 'user.removed';
    person: Person;
    clientId: number | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  },
): Promise<void> {
  return events.publish(tx, 'change-recorded', {
    kind: change.kind,
    by: change.actor,
    subject: { type: 'user', id: change.person.id, label: change.person.email },
    siteId: null,
    clientId: change.clientId,
    before: change.before,
    after: change.after,
  });
}

type Access = { permission: Permission; has_access: boolean } | null;

/** The audit record of a person's access to a site (membership.changed), unless nothing changed. */
export async function recordMembershipChange(
  events: DomainEventPublisher,
  tx: Database,
  change: { actor: UserRow; person: Person; siteId: number; before: Access; after: Access },
): Promise<void> {
  if (JSON.stringify(change.before) === JSON.stringify(change.after)) {
    return;
  }
  await events.publish(tx, 'change-recorded', {
    kind: 'membership.changed',
    by: change.actor,
    subject: { type: 'user', id: change.person.id, label: change.person.email },
    siteId: change.siteId,
    clientId: null,
    before: change.before,
    after: change.after,
  });
}
