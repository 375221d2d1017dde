import { FLATPAGE_MESSAGES, type Flatpage } from '@vigil/contracts';
import { Button, Space, Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { FLATPAGES_PAGE_SIZE } from '../../api/oem';
import { AdminListPage } from '../../components/AdminListPage';
import { ACTION_COLUMN, ADMIN_TABLE_SCROLL } from '../../components/admin-table';
import { usePageTitle } from '../../hooks/usePageTitle';
import { flatpageViewPath } from '../../routes/paths';
import { OemLoadError } from './components/OemLoadError';
import { useFlatpagesAdminPage } from './useFlatpagesAdminPage';
import './oem.css';

type FlatpageActions = { onEdit: (flatpage: Flatpage) => void; onRemove: (flatpage: Flatpage) => void };

function flatpageColumns({ onEdit, onRemove }: FlatpageActions): TableColumnsType<Flatpage> {
  return [
    { title: 'URL', dataIndex: 'url', key: 'url' },
    { title: 'TITLE', dataIndex: 'title', key: 'title' },
    {
      title: 'ACTIONS',
      key: 'actions',
      ...ACTION_COLUMN,
      render: (_value, flatpage) => (
        <Space>
          <Link to={flatpageViewPath(flatpage.url)}>View</Link>
          <Button size="small" onClick={() => onEdit(flatpage)} data-testid={`edit-page-${flatpage.id}`}>
            Change
          </Button>
          <Button
            size="small"
            danger
            onClick={() => onRemove(flatpage)}
            data-testid={`remove-page-${flatpage.id}`}
          >
            Remove
          </Button>
        </Space>
      ),
    },
  ];
}

/** /settings/flatpages: the static pages with their addresses; add, edit, view and remove (staff). */
export function FlatpagesAdminPage() {
  usePageTitle('Static Pages');
  const { pages, ...page } = useFlatpagesAdminPage();
  return (
    <AdminListPage
      title="Static Pages"
      isHeaderFlush
      add={{ onClick: page.openAddForm, testId: 'add-page' }}
      notice={page.notice}
      noticeTestId="pages-alert"
      loadError={
        pages.isError ? (
          <OemLoadError isRetrying={pages.isFetching} onRetry={() => void pages.refetch()} />
        ) : null
      }
    >
      <Table<Flatpage>
        rowKey="id"
        columns={flatpageColumns({ onEdit: page.openEditForm, onRemove: page.confirmRemove })}
        dataSource={pages.data?.results ?? []}
        loading={pages.isFetching}
        locale={{ emptyText: FLATPAGE_MESSAGES.empty }}
        pagination={{
          current: page.page,
          pageSize: FLATPAGES_PAGE_SIZE,
          total: pages.data?.count ?? 0,
          showSizeChanger: false,
          onChange: page.setPage,
        }}
        scroll={ADMIN_TABLE_SCROLL}
        data-testid="pages-table"
      />
    </AdminListPage>
  );
}
