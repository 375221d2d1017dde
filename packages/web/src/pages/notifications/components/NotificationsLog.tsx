import { useMutation } from '@tanstack/react-query';
import { alertsCountText, NOTIFICATIONS_TABLE_PAGE_SIZE } from '@vigil/contracts';
import { Alert, Breadcrumb, Flex, Input, Table, Tabs, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessageOf } from '../../../api/api-error';
import { acknowledgeNotification } from '../../../api/notifications';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { PATHS } from '../../../routes/paths';
import { useSiteTimeZone } from '../../../time/useSiteTimeZone';
import { EMPTY_FILTERS, type NotificationFilters, type NotificationTab } from '../notification-filters';
import { canAcknowledge, type NotificationRow } from '../notification-rows';
import { useNotificationLog } from '../useNotificationLog';
import { ACKNOWLEDGE_FAILED, AcknowledgeDialog } from './AcknowledgeDialog';
import { ExportButton } from './ExportButton';
import { NotificationFilterForm } from './NotificationFilterForm';
import { notificationColumns } from './notification-columns';

const LOAD_FAILED = 'The notifications could not be loaded. Please try to refresh the page.';

/** The log: tabs, search, count, export, filters and the table of 25 rows a page, live. */
export function NotificationsLog({
  initial,
  acknowledgeId = null,
}: {
  initial: NotificationFilters;
  /** Issue 27: the escalation e-mail's link names the alarm to acknowledge; its dialog opens once it is listed. */
  acknowledgeId?: number | null;
}) {
  usePageTitle('Notifications');
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState(initial.search);
  const [acknowledging, setAcknowledging] = useState<NotificationRow | null>(null);
  // The date filter's days are the current site's (labelled beside the picker); each row shows its own site's.
  const timeZone = useSiteTimeZone();
  const { list, rows, count } = useNotificationLog(filters, page, timeZone);

  const change = (changes: Partial<NotificationFilters>) => {
    setFilters((previous) => ({ ...previous, ...changes }));
    setPage(1);
  };
  const acknowledge = useMutation({
    mutationFn: ({ row, comment }: { row: NotificationRow; comment: string }) =>
      acknowledgeNotification(row.id, comment),
    onSuccess: async () => {
      setAcknowledging(null);
      await list.refetch();
    },
  });

  useAcknowledgeFromLink(acknowledgeId, rows, (row) => {
    acknowledge.reset();
    setAcknowledging(row);
  });

  return (
    <div className="page" data-testid="notifications-page">
      <Breadcrumb
        items={[{ title: <Link to={PATHS.sites}>Sites</Link> }, { title: 'Notifications' }]}
        style={{ marginBottom: 8 }}
      />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Notifications
      </Typography.Title>
      <Tabs
        activeKey={filters.tab}
        onChange={(key) => change({ tab: key as NotificationTab })}
        items={[
          { key: 'active', label: 'Active' },
          { key: 'historical', label: 'Historical' },
        ]}
        tabBarExtraContent={
          <Flex gap={12} align="center">
            <Input.Search
              placeholder="search"
              aria-label="search"
              allowClear
              value={searchText}
              onChange={(event) => {
                setSearchText(event.target.value);
                if (event.target.value === '') {
                  change({ search: '' });
                }
              }}
              onSearch={(value) => change({ search: value.trim() })}
              style={{ width: 220 }}
              data-testid="notifications-search"
            />
            <Typography.Text strong data-testid="notifications-count" style={{ whiteSpace: 'nowrap' }}>
              {count === undefined ? '' : alertsCountText(count)}
            </Typography.Text>
            <ExportButton filters={filters} timeZone={timeZone} />
          </Flex>
        }
      />
      <NotificationFilterForm
        filters={filters}
        timeZone={timeZone}
        onChange={change}
        onClear={() => {
          setSearchText('');
          change({ ...EMPTY_FILTERS, tab: filters.tab });
        }}
      />
      {list.isError ? (
        <Alert type="error" showIcon title={errorMessageOf(list.error, LOAD_FAILED)} className="form-alert" />
      ) : null}
      <Table<NotificationRow>
        rowKey="id"
        style={{ marginTop: 16 }}
        columns={notificationColumns(filters.tab, (row) => {
          acknowledge.reset();
          setAcknowledging(row);
        })}
        dataSource={rows}
        loading={list.isFetching && list.data === undefined}
        onRow={(row) => ({ 'data-testid': `notification-row-${row.id}` }) as object}
        onChange={(pagination) => setPage(pagination.current ?? 1)}
        pagination={{
          current: page,
          pageSize: NOTIFICATIONS_TABLE_PAGE_SIZE,
          total: count ?? 0,
          showSizeChanger: false,
        }}
        locale={{ emptyText: filters.tab === 'active' ? 'No active alerts' : 'No notifications' }}
        scroll={{ x: 760 }}
        size="middle"
        data-testid="notifications-table"
      />
      {acknowledging === null ? null : (
        <AcknowledgeDialog
          row={acknowledging}
          isSaving={acknowledge.isPending}
          error={acknowledge.isError ? errorMessageOf(acknowledge.error, ACKNOWLEDGE_FAILED) : null}
          onConfirm={(comment) => acknowledge.mutate({ row: acknowledging, comment })}
          onCancel={() => setAcknowledging(null)}
        />
      )}
    </div>
  );
}

/** Opens the acknowledgement of the linked alarm once its row is listed, once, if it still needs one. */
function useAcknowledgeFromLink(
  id: number | null,
  rows: readonly NotificationRow[],
  open: (row: NotificationRow) => void,
) {
  const handled = useRef(false);
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    if (id === null || handled.current) {
      return;
    }
    const row = rows.find((candidate) => candidate.id === id);
    if (row !== undefined) {
      handled.current = true;
      if (canAcknowledge(row)) {
        openRef.current(row);
      }
    }
  }, [id, rows]);
}
