import { ReloadOutlined } from '@ant-design/icons';
import {
  MAIL_STATUSES,
  type MailStatus,
  OUTBOX_MESSAGES,
  OUTBOX_PAGE_SIZE,
  type OutboxMail,
} from '@vigil/contracts';
import { Button, Segmented, Table, type TableColumnsType, Tag } from 'antd';
import { Navigate } from 'react-router';
import { AdminListPage } from '../../components/AdminListPage';
import { ADMIN_TABLE_SCROLL, SECONDARY_COLUMN } from '../../components/admin-table';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { usePageTitle } from '../../hooks/usePageTitle';
import { PATHS } from '../../routes/paths';
import { OemLoadError } from './components/OemLoadError';
import { OutboxDrawer } from './components/OutboxDrawer';
import { formatMailTime, mailStatusTag } from './outbox-format';
import { type StatusFilter, useOutboxPage } from './useOutboxPage';
import './oem.css';

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
  const { mails, ...page } = useOutboxPage();
  return (
    <AdminListPage
      title="Mail Outbox"
      isHeaderFlush
      tools={
        <>
          <Segmented<StatusFilter>
            options={FILTERS}
            value={page.filter}
            onChange={page.changeFilter}
            data-testid="outbox-filter"
          />
          <Button icon={<ReloadOutlined />} onClick={() => void mails.refetch()} aria-label="Refresh" />
        </>
      }
      loadError={
        mails.isError ? (
          <OemLoadError isRetrying={mails.isFetching} onRetry={() => void mails.refetch()} />
        ) : null
      }
    >
      <Table<OutboxMail>
        rowKey="id"
        columns={columns}
        dataSource={mails.data?.results ?? []}
        loading={mails.isFetching}
        locale={{ emptyText: OUTBOX_MESSAGES.empty }}
        onRow={(mail) => ({
          onClick: () => page.openMail(mail.id),
          style: { cursor: 'pointer' },
          'data-testid': `outbox-row-${mail.id}`,
        })}
        pagination={{
          current: page.page,
          pageSize: OUTBOX_PAGE_SIZE,
          total: mails.data?.count ?? 0,
          showSizeChanger: false,
          onChange: page.setPage,
        }}
        scroll={ADMIN_TABLE_SCROLL}
        data-testid="outbox-table"
      />
      <OutboxDrawer mailId={page.openId} onClose={page.closeMail} />
    </AdminListPage>
  );
}
