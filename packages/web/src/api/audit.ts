import { queryOptions } from '@tanstack/react-query';
import { type AuditPage, AuditPageSchema, AuditPeopleSchema, type AuditPerson } from '@vigil/contracts';
import { api } from './client';
import { fetchCsv } from './csv-download';

/** The query of audit/ and audit/export/ (docs/audit.md). */
export type AuditListQuery = {
  limit?: number;
  offset?: number;
  location?: number;
  person?: number;
  kind?: string;
  date_from?: string;
  date_to?: string;
};

export const auditKeys = {
  all: ['audit'] as const,
  list: (query: AuditListQuery) => [...auditKeys.all, 'list', query] as const,
  people: () => [...auditKeys.all, 'people'] as const,
};

/** GET audit/: one page of the trail, newest first. */
export function auditQuery(query: AuditListQuery) {
  return queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }): Promise<AuditPage> =>
      api.get('audit/', { query, parse: AuditPageSchema.parse, signal }),
  });
}

/** GET audit/people/: the Person filter's choices. */
export function auditPeopleQuery() {
  return queryOptions({
    queryKey: auditKeys.people(),
    queryFn: ({ signal }): Promise<AuditPerson[]> =>
      api.get('audit/people/', { parse: AuditPeopleSchema.parse, signal }),
  });
}

export const AUDIT_EXPORT_FILE_NAME = 'audit.csv';

/** GET audit/export/: audit.csv of the filters (a date bound required). */
export function fetchAuditCsv(query: AuditListQuery): Promise<Blob> {
  return fetchCsv('audit/export/', query);
}
