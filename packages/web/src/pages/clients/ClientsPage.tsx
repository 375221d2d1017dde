import { CLIENT_MESSAGES, CLIENTS_PAGE_SIZE, type Client } from '@vigil/contracts';
import { Table } from 'antd';
import { errorMessageOf } from '../../api/api-error';
import { AdminListPage, LoadErrorAlert } from '../../components/AdminListPage';
import { ADMIN_TABLE_SCROLL } from '../../components/admin-table';
import { usePageTitle } from '../../hooks/usePageTitle';
import { clientColumns } from './components/client-columns';
import { useClientsPage } from './useClientsPage';

/** Client list at '/', /clients and /clients/:search (A section 2 'Clients page'). */
export function ClientsPage() {
  usePageTitle('Clients');
  const { clients, select, ...page } = useClientsPage();
  return (
    <AdminListPage
      title="Clients"
      search={{ value: page.searchText, onChange: page.setSearchText, testId: 'clients-search' }}
      add={{ onClick: page.openAddForm, testId: 'add-client' }}
      notice={page.notice}
      noticeTestId="clients-alert"
      loadError={
        clients.isError ? (
          <LoadErrorAlert text={errorMessageOf(clients.error, CLIENT_MESSAGES.failed)} />
        ) : null
      }
    >
      <Table<Client>
        rowKey="id"
        columns={clientColumns(page.ordering, page.openEditForm)}
        dataSource={clients.data?.results ?? []}
        loading={clients.isFetching || select.isPending}
        onChange={page.handleTableChange}
        onRow={(client) => ({
          onClick: () => select.mutate(client),
          style: { cursor: 'pointer' },
          'data-testid': `client-row-${client.id}`,
        })}
        pagination={{
          current: page.page,
          pageSize: CLIENTS_PAGE_SIZE,
          total: clients.data?.count ?? 0,
          showSizeChanger: false,
        }}
        scroll={ADMIN_TABLE_SCROLL}
        data-testid="clients-table"
      />
    </AdminListPage>
  );
}
