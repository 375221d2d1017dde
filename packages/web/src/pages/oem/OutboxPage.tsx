import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  MAIL_STATUSES,
  type MailStatus,
  OUTBOX_MESSAGES,
  OUTBOX_PAGE_SIZE,
  type OutboxMail,
} from '@vigil/contracts';
import { Button, Flex, Segmented, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { listOutbox, OUTBOX_QUERY_KEY } from '../../api/outbox';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { usePageTitle } from '../../hooks/usePageTitle';
import { PATHS } from '../../routes/paths';
import { OemLoadError } from './components/OemLoadError';
import { OutboxDrawer } from './components/OutboxDrawer';
import { formatMailTime, mailStatusTag } from './outbox-format';
import './oem.css';
import { ADMIN_TABLE_SCROLL, SECONDARY_COLUMN } from '../../components/admin-table';

type StatusFilter = MailStatus | 'all';

const FILTERS: Array<{ label: string; value: StatusFilter }> = [
  { label: 'All', value: 'all' },
  ...MAIL_STATUSES.map((status) => ({ label: mailStatusTag(status).label, value: status })),
];

const columns: TableColumnsType<OutboxMail> = [
  { title: 'TO', dataIndex: 'to', key: 'to' },
  { title: 'SUBJECT', dataIndex: 'subject', key: 'subject' },
  { title: 'KIND', dataIndex: 'kind', key: 'kind', ...SECONDARY_COLUMN },
  {
    title: 'STATUS',
    dataIndex: 'status',
    key: 'status',
    render: (status: MailStatus) => (
      <Tag color={mailStatusTag(status).color}>{mailStatusTag(status).label}</Tag>
    ),
  },
  { title: 'ATTEMPTS', dataIndex: 'attempts', key: 'attempts', ...SECONDARY_COLUMN },
  {
    title: 'CREATED',
    dataIndex: 'created_at',
    key: 'created_at',
    render: (iso: string) => formatMailTime(iso),
  },
];

/** /oem/outbox: every e-mail the portal queued, for super users (OEM users are sent back to the hub). */
export function OutboxPage() {
  const me = useCurrentUser();
  if (!me.is_superuser) {
    return <Navigate to={PATHS.oemSettings} replace />;
  }
  return <OutboxTable />;
}

function OutboxTable() {
  usePageTitle('Mail Outbox');
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const status = filter === 'all' ? undefined : filter;
  const mails = useQuery({
    queryKey: [...OUTBOX_QUERY_KEY, { page, status }],
    queryFn: ({ signal }) => listOutbox({ page, status }, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="page">
      <Flex justify="space-between" align="center" wrap gap={12} className="page-title">
        <Typography.Title level={3} style={{ margin: 0 }}>
          Mail Outbox
        </Typography.Title>
        <Flex gap={12} align="center" wrap>
          <Segmented<StatusFilter>
            options={FILTERS}
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setPage(1);
            }}
            data-testid="outbox-filter"
          />
          <Button icon={<ReloadOutlined />} onClick={() => void mails.refetch()} aria-label="Refresh" />
        </Flex>
      </Flex>
      {mails.isError ? (
        <OemLoadError isRetrying={mails.isFetching} onRetry={() => void mails.refetch()} />
      ) : null}
      <Table<OutboxMail>
        rowKey="id"
        columns={columns}
        dataSource={mails.data?.results ?? []}
        loading={mails.isFetching}
        locale={{ emptyText: OUTBOX_MESSAGES.empty }}
        onRow={(mail) => ({
          onClick: () => setOpenId(mail.id),
          style: { cursor: 'pointer' },
          'data-testid': `outbox-row-${mail.id}`,
        })}
        pagination={{
          current: page,
          pageSize: OUTBOX_PAGE_SIZE,
          total: mails.data?.count ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        scroll={ADMIN_TABLE_SCROLL}
        data-testid="outbox-table"
      />
      <OutboxDrawer mailId={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
