import { AUDIT_DEFAULT_LIMIT, type AuditKind } from '@vigil/contracts';
import type { AuditListQuery } from '../../api/audit';
import { dateBoundsOf } from '../notifications/notification-filters';

/** The audit page's filters (docs/audit.md): whole days 'YYYY-MM-DD' in the labelled zone, at most 30 of them. */
export type AuditFilters = {
  from: string | null;
  to: string | null;
  siteId: number | null;
  personId: number | null;
  kind: AuditKind | null;
};

export const EMPTY_AUDIT_FILTERS: AuditFilters = {
  from: null,
  to: null,
  siteId: null,
  personId: null,
  kind: null,
};

/** The filters as the query of audit/ and export/ (the days read in `timeZone`, as the notifications log). */
export function auditFilterQuery(filters: AuditFilters, timeZone: string): AuditListQuery {
  const bounds = dateBoundsOf(filters, timeZone);
  return {
    location: filters.siteId ?? undefined,
    person: filters.personId ?? undefined,
    kind: filters.kind ?? undefined,
    date_from: bounds.date_created_from,
    date_to: bounds.date_created_to,
  };
}

/** A page (1-based) of the list. */
export function auditListQuery(filters: AuditFilters, page: number, timeZone: string): AuditListQuery {
  return {
    limit: AUDIT_DEFAULT_LIMIT,
    offset: (Math.max(1, page) - 1) * AUDIT_DEFAULT_LIMIT,
    ...auditFilterQuery(filters, timeZone),
  };
}

/** Export needs a date bound, as the notifications export. */
export function canExportAudit(filters: AuditFilters): boolean {
  return filters.from !== null || filters.to !== null;
}
