import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FLATPAGE_MESSAGES, type Flatpage } from '@vigil/contracts';
import { Alert, App, Button, Flex, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessageOf } from '../../api/api-error';
import { deleteFlatpage, listFlatpages, OEM_QUERY_KEYS } from '../../api/oem';
import { usePageTitle } from '../../hooks/usePageTitle';
import { editFlatpagePath, flatpageViewPath, PATHS } from '../../routes/paths';
import { OemLoadError } from './components/OemLoadError';
import { useFlatpageNotice } from './useFlatpageNotice';
import './oem.css';
import { ACTION_COLUMN, ADMIN_TABLE_SCROLL } from '../../components/admin-table';

const PAGE_SIZE = 20;

/** /settings/flatpages: the static pages with their addresses; add, edit, view and remove (staff). */
export function FlatpagesAdminPage() {
  usePageTitle('Static Pages');
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const notice = useFlatpageNotice();
  const [page, setPage] = useState(1);
  const pages = useQuery({
    queryKey: [...OEM_QUERY_KEYS.flatpages, page],
    queryFn: ({ signal }) => listFlatpages({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: deleteFlatpage,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: OEM_QUERY_KEYS.flatpages });
      notice.show({ type: 'success', text: FLATPAGE_MESSAGES.removed });
    },
    onError: (error) =>
      notice.show({ type: 'error', text: errorMessageOf(error, FLATPAGE_MESSAGES.notFound) }),
  });

  const confirmRemove = (flatpage: Flatpage) => {
    modal.confirm({
      title: 'Deletion',
      content: FLATPAGE_MESSAGES.confirmDelete,
      okText: 'REMOVE',
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(flatpage.id),
    });
  };

  const columns: TableColumnsType<Flatpage> = [
    { title: 'URL', dataIndex: 'url', key: 'url' },
    { title: 'TITLE', dataIndex: 'title', key: 'title' },
    {
      title: 'ACTIONS',
      key: 'actions',
      ...ACTION_COLUMN,
      render: (_value, flatpage) => (
        <Space>
          <Link to={flatpageViewPath(flatpage.url)}>View</Link>
          <Button
            size="small"
            onClick={() => navigate(editFlatpagePath(flatpage.id))}
            data-testid={`edit-page-${flatpage.id}`}
          >
            Change
          </Button>
          <Button
            size="small"
            danger
            onClick={() => confirmRemove(flatpage)}
            data-testid={`remove-page-${flatpage.id}`}
          >
            Remove
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="page">
      <Flex justify="space-between" align="center" wrap gap={12} className="page-title">
        <Typography.Title level={3} style={{ margin: 0 }}>
          Static Pages
        </Typography.Title>
        <Button type="primary" onClick={() => navigate(PATHS.addFlatpage)} data-testid="add-page">
          + ADD
        </Button>
      </Flex>
      {pages.isError ? (
        <OemLoadError isRetrying={pages.isFetching} onRetry={() => void pages.refetch()} />
      ) : null}
      {notice.value === null ? null : (
        <Alert
          type={notice.value.type}
          showIcon
          title={notice.value.text}
          className="form-alert"
          data-testid="pages-alert"
        />
      )}
      <Table<Flatpage>
        rowKey="id"
        columns={columns}
        dataSource={pages.data?.results ?? []}
        loading={pages.isFetching}
        locale={{ emptyText: FLATPAGE_MESSAGES.empty }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: pages.data?.count ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        scroll={ADMIN_TABLE_SCROLL}
        data-testid="pages-table"
      />
    </div>
  );
}
