import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AlertRule } from '@vigil/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { alertRulesQuery } from '../../api/alert-rules';
import { useNotice } from '../../hooks/useNotice';
import { ALERT_RESET_MS } from '../../messages';
import { PATHS } from '../../routes/paths';

/** The e-mail alert list: search (on Enter, or when cleared), page, and the alert the form handed over. */
export function useAlertRulesPage() {
  const [query, setQuery] = useState({ search: '', page: 1 });
  const [searchText, setSearchText] = useState('');
  const navigate = useNavigate();
  const { notice } = useNotice(ALERT_RESET_MS, { fromNavigation: true });
  const rules = useQuery({
    ...alertRulesQuery({ page: query.page, search: query.search || undefined }),
    placeholderData: keepPreviousData,
  });

  const search = (value: string) => setQuery({ search: value.trim(), page: 1 });
  const changeSearchText = (value: string) => {
    setSearchText(value);
    if (value === '') {
      search('');
    }
  };

  return {
    rules,
    page: query.page,
    notice,
    searchText,
    changeSearchText,
    search,
    changePage: (page: number) => setQuery({ ...query, page }),
    openAddForm: () => navigate(PATHS.addAlertRule),
    openRule: (rule: AlertRule) => navigate(`${PATHS.addAlertRule}/${rule.id}`),
  };
}
