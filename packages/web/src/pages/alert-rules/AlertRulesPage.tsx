import { ALERT_RULES_PAGE_SIZE, type AlertRule } from '@vigil/contracts';
import { Table } from 'antd';
import { errorMessageOf } from '../../api/api-error';
import { AdminListPage, LoadErrorAlert } from '../../components/AdminListPage';
import { usePageTitle } from '../../hooks/usePageTitle';
import { ALERT_RULE_NOTICES } from './alert-rule-notices';
import { alertRuleColumns } from './components/alert-rule-columns';
import { useAlertRulesPage } from './useAlertRulesPage';

/** /user/setting/notification: the person's e-mail alert rules, 20 a page, with search (A section 2). */
export function AlertRulesPage() {
  usePageTitle('Email Alerts');
  const { rules, ...page } = useAlertRulesPage();
  return (
    <AdminListPage
      title="Email Alerts"
      search={{
        value: page.searchText,
        onChange: page.changeSearchText,
        onSearch: page.search,
        testId: 'alert-rules-search',
      }}
      add={{ onClick: page.openAddForm, testId: 'add-alert-rule' }}
      notice={page.notice}
      noticeTestId="alert-rules-alert"
      loadError={
        rules.isError ? (
          <LoadErrorAlert text={errorMessageOf(rules.error, ALERT_RULE_NOTICES.failed)} />
        ) : null
      }
    >
      <Table<AlertRule>
        rowKey="id"
        columns={alertRuleColumns()}
        dataSource={rules.data?.results ?? []}
        loading={rules.isFetching}
        onChange={(pagination) => page.changePage(pagination.current ?? 1)}
        onRow={(rule) => ({
          onClick: () => page.openRule(rule),
          style: { cursor: 'pointer' },
          'data-testid': `alert-rule-row-${rule.id}`,
        })}
        pagination={{
          current: page.page,
          pageSize: ALERT_RULES_PAGE_SIZE,
          total: rules.data?.count ?? 0,
          showSizeChanger: false,
        }}
        locale={{ emptyText: 'No email alerts yet' }}
        data-testid="alert-rules-table"
      />
    </AdminListPage>
  );
}
