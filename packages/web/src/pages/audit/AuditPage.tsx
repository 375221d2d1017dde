import { AUDIT_DEFAULT_LIMIT, type AuditRecord } from '@vigil/contracts';
import { Alert, Breadcrumb, Flex, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { errorMessageOf } from '../../api/api-error';
import { usePageTitle } from '../../hooks/usePageTitle';
import { PATHS } from '../../routes/paths';
import { AuditExportButton } from './components/AuditExportButton';
import { AuditFilterForm } from './components/AuditFilterForm';
import { auditColumns } from './components/audit-columns';
import { useAuditPage } from './useAuditPage';

const LOAD_FAILED = 'The audit trail could not be loaded. Please try to refresh the page.';

/** /audit (docs/audit.md): who changed what, when and from where; filters, paging and CSV export. */
export function AuditPage() {
  usePageTitle('Audit trail');
  const { filters, page, setPage, change, clear, timeZone, viewerZone, list, people, sites } = useAuditPage();
  const count = list.data?.count;
  return (
    <div className="page" data-testid="audit-page">
      <Breadcrumb items={[{ title: <Link to={PATHS.sites}>Sites</Link> }, { title: 'Audit trail' }]} />
      <Flex justify="space-between" align="center" wrap gap={12} style={{ margin: '8px 0 12px' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Audit trail
        </Typography.Title>
        <Flex gap={12} align="center">
          <Typography.Text strong data-testid="audit-count">
            {count === undefined ? '' : `${count} ${count === 1 ? 'change' : 'changes'}`}
          </Typography.Text>
          <AuditExportButton filters={filters} timeZone={timeZone} />
        </Flex>
      </Flex>
      <AuditFilterForm
        filters={filters}
        timeZone={timeZone}
        sites={sites.data?.results ?? []}
        people={people.data ?? []}
        onChange={change}
        onClear={clear}
      />
      {list.isError ? (
        <Alert type="error" showIcon title={errorMessageOf(list.error, LOAD_FAILED)} className="form-alert" />
      ) : null}
      <Table<AuditRecord>
        rowKey="id"
        style={{ marginTop: 16 }}
        columns={auditColumns(viewerZone)}
        dataSource={list.data?.results ?? []}
        loading={list.isFetching && list.data === undefined}
        onRow={(record) => ({ 'data-testid': `audit-row-${record.id}` }) as object}
        onChange={(pagination) => setPage(pagination.current ?? 1)}
        pagination={{
          current: page,
          pageSize: AUDIT_DEFAULT_LIMIT,
          total: count ?? 0,
          showSizeChanger: false,
        }}
        locale={{ emptyText: 'No changes recorded' }}
        scroll={{ x: 720 }}
        size="middle"
        data-testid="audit-table"
      />
    </div>
  );
}
