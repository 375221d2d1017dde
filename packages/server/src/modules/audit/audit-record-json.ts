import { AUDIT_KIND_LABELS, type AuditRecord, formatWallClock } from '@vigil/contracts';
import type { AuditRecordWithPlace } from './audit.repo';

/** Records that name no site (a person, an e-mail rule) are written in UTC, labelled so. */
export const AUDIT_DEFAULT_ZONE = 'UTC';

/** A stored record as the API answers it: its time in its site's zone (else UTC), the kind's label. */
export function toAuditRecord(row: AuditRecordWithPlace): AuditRecord {
  const timezone = row.timezone ?? AUDIT_DEFAULT_ZONE;
  return {
    id: row.id,
    at: Math.floor(row.at.getTime() / 1000),
    time: formatWallClock(row.at, timezone),
    timezone,
    person: { id: row.personId, name: row.personName, email: row.personEmail },
    address: row.address,
    kind: row.kind,
    kind_label: AUDIT_KIND_LABELS[row.kind] ?? row.kind,
    subject: { type: row.subjectType, id: row.subjectId, label: row.subjectLabel },
    location: row.siteId === null || row.siteTitle === null ? null : { id: row.siteId, title: row.siteTitle },
    client_id: row.clientId,
    before: row.before,
    after: row.after,
  };
}
