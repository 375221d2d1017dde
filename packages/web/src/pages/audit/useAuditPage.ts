import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { auditPeopleQuery, auditQuery } from '../../api/audit';
import { sitesQuery } from '../../api/sites';
import { useSiteTimeZone } from '../../time/useSiteTimeZone';
import { type AuditFilters, auditListQuery, EMPTY_AUDIT_FILTERS } from './audit-filters';

/** The audit page's state: filters, page, the list and the filters' choices (docs/audit.md). */
export function useAuditPage() {
  const [filters, setFilters] = useState<AuditFilters>(EMPTY_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  // The picked days are the current site's (labelled beside the picker), as in the notifications log.
  const timeZone = useSiteTimeZone();
  const viewerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const list = useQuery({
    ...auditQuery(auditListQuery(filters, page, timeZone)),
    placeholderData: keepPreviousData,
  });
  const people = useQuery(auditPeopleQuery());
  const sites = useQuery(sitesQuery());

  const change = (changes: Partial<AuditFilters>) => {
    setFilters((previous) => ({ ...previous, ...changes }));
    setPage(1);
  };
  return {
    filters,
    page,
    setPage,
    change,
    clear: () => change(EMPTY_AUDIT_FILTERS),
    timeZone,
    viewerZone,
    list,
    people,
    sites,
  };
}
