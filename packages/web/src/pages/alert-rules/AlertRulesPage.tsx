import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ALERT_RULES_PAGE_SIZE, type AlertRule } from '@vigil/contracts';
import { Alert, Button, Flex, Input, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { listAlertRules } from '../../api/alert-rules';
import { errorMessageOf } from '../../api/api-error';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useTimedValue } from '../../hooks/useTimedValue';
import { ALERT_RESET_MS } from '../../messages';
import { PATHS } from '../../routes/paths';
import { ALERT_RULE_NOTICES, ALERT_RULES_QUERY_KEY, type AlertRulesPageState } from './alert-rules-state';
import { alertRuleColumns } from './components/alert-rule-columns';

/** /user/setting/notification: the person's e-mail alert rules, 20 a page, with search (A section 2). */
export function AlertRulesPage() {
  usePageTitle('Email Alerts');
  const [query, setQuery] = useState({ search: '', page: 1 });
  const [inputValue, setInputValue] = useState('');
  const navigate = useNavigate();
  const notice = useNotice();

  const rules = useQuery({
    queryKey: [...ALERT_RULES_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => listAlertRules({ page: query.page, search: query.search || undefined }, signal),
    placeholderData: keepPreviousData,
  });

  const handleSearch = (value: string) => setQuery({ search: value.trim(), page: 1 });

  return (
    <div className="page">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Email Alerts
        </Typography.Title>
        <Flex gap={12} align="center" wrap>
          <Input.Search
            placeholder="search"
            aria-label="search"
            allowClear
            value={inputValue}
            onChange={(event) => {
              setInputValue(event.target.value);
              if (event.target.value === '') {
                handleSearch('');
              }
            }}
            onSearch={handleSearch}
            style={{ width: 260 }}
            data-testid="alert-rules-search"
          />
          <Button type="primary" onClick={() => navigate(PATHS.addAlertRule)} data-testid="add-alert-rule">
            + ADD
          </Button>
        </Flex>
      </Flex>
      {notice.value === null ? null : (
        <Alert
          type="success"
          showIcon
          title={notice.value}
          className="form-alert"
          data-testid="alert-rules-alert"
        />
      )}
      {rules.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorMessageOf(rules.error, ALERT_RULE_NOTICES.failed)}
          className="form-alert"
        />
      ) : null}
      <Table<AlertRule>
        rowKey="id"
        columns={alertRuleColumns()}
        dataSource={rules.data?.results ?? []}
        loading={rules.isFetching}
        onChange={(pagination) => setQuery({ ...query, page: pagination.current ?? 1 })}
        onRow={(rule) => ({
          onClick: () => navigate(`${PATHS.addAlertRule}/${rule.id}`),
          style: { cursor: 'pointer' },
          'data-testid': `alert-rule-row-${rule.id}`,
        })}
        pagination={{
          current: query.page,
          pageSize: ALERT_RULES_PAGE_SIZE,
          total: rules.data?.count ?? 0,
          showSizeChanger: false,
        }}
        locale={{ emptyText: 'No email alerts yet' }}
        data-testid="alert-rules-table"
      />
    </div>
  );
}

/** Shows, for 5 s, a notice handed over by the form page, then forgets it. */
function useNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = useTimedValue<string>(ALERT_RESET_MS);
  const passed = (location.state as AlertRulesPageState | null)?.notice;
  const { show } = notice;
  useEffect(() => {
    if (passed !== undefined) {
      show(passed);
      navigate(location.pathname, { replace: true, state: null });
    }
  }, [passed, show, navigate, location.pathname]);
  return notice;
}
