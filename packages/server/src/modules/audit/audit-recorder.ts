import { findClientIdOfSite } from '../../access/access.repo';
import { requestAddressOf } from '../../access/request-address';
import type { UserRow } from '../../db/tables/users.table';
import type { AuditChange, DomainEventSubscriber } from '../../events/domain-events';
import * as auditRepo from './audit.repo';
import { redactAuditValues } from './audit-redaction';

/** The person's name as it reads at the time of the change (their e-mail when they have no name). */
export function personNameOf(user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): string {
  return [user.firstName, user.lastName].filter((part) => part).join(' ') || user.email;
}

/**
 * The audit domain's side of `change-recorded` (docs/audit.md 'Recording'): one record per change, inserted with
 * the publisher's transaction, the person's name and e-mail copied (a deleted person's records stay readable), the
 * request's address read off the acting user, secrets redacted.
 */
export function subscribeAuditRecorder(
  events: DomainEventSubscriber,
  now: () => Date = () => new Date(),
  repo: Pick<typeof auditRepo, 'insertAuditRecord'> = auditRepo,
): void {
  events.subscribe('change-recorded', async (db, change: AuditChange) => {
    const clientId =
      change.clientId ??
      (change.siteId === null ? null : ((await findClientIdOfSite(db, change.siteId)) ?? null));
    await repo.insertAuditRecord(db, {
      at: now(),
      personId: change.by.id,
      personName: personNameOf(change.by),
      personEmail: change.by.email,
      address: requestAddressOf(change.by),
      kind: change.kind,
      subjectType: change.subject.type,
      subjectId: String(change.subject.id),
      subjectLabel: change.subject.label,
      siteId: change.siteId,
      clientId,
      before: redactAuditValues(change.before),
      after: redactAuditValues(change.after),
    });
  });
}
