import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CLIENT_MESSAGES, CLIENTS_PAGE_SIZE, type Client, type ClientOrdering } from '@vigil/contracts';
import { Alert, App, Button, Flex, Input, Table, type TableProps, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { errorMessageOf } from '../../api/api-error';
import { listClients, selectClient } from '../../api/clients';
import { sessionStore } from '../../auth/session-storage';
import { ADMIN_TABLE_SCROLL } from '../../components/admin-table';
import { ME_QUERY_KEY } from '../../hooks/useMe';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useTimedValue } from '../../hooks/useTimedValue';
import { ALERT_RESET_MS } from '../../messages';
import { PATHS } from '../../routes/paths';
import { CLIENTS_QUERY_KEY, type ClientsPageState } from './clients-state';
import { clientColumns } from './components/client-columns';
import { useSearchRoute } from './useSearchRoute';

/** Client list at '/', /clients and /clients/:search (A section 2 'Clients page'). */
export function ClientsPage() {
  usePageTitle('Clients');
  const { search = '' } = useParams();
  const { inputValue, setInputValue } = useSearchRoute(search);
  const [paging, setPaging] = useState({ search, page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const [ordering, setOrdering] = useState<ClientOrdering>('company');
  const navigate = useNavigate();
  const notice = useNotice();
  const select = useSelectClient();

  const clients = useQuery({
    queryKey: [...CLIENTS_QUERY_KEY, { page, search, ordering }],
    queryFn: ({ signal }) => listClients({ page, q: search || undefined, ordering }, signal),
    placeholderData: keepPreviousData,
  });

  const handleChange: TableProps<Client>['onChange'] = (pagination, _filters, sorter) => {
    const order = Array.isArray(sorter) ? sorter[0]?.order : sorter.order;
    setOrdering(order === 'descend' ? '-company' : 'company');
    setPaging({ search, page: pagination.current ?? 1 });
  };

  return (
    <div className="page">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Clients
        </Typography.Title>
        <Flex gap={12} align="center">
          <Input.Search
            placeholder="search"
            aria-label="search"
            allowClear
            value={inputValue}
            onChange={(event) => setInputValue(event.target.value)}
            onSearch={setInputValue}
            style={{ width: 260 }}
            data-testid="clients-search"
          />
          <Button type="primary" onClick={() => navigate(PATHS.addClient)} data-testid="add-client">
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
          data-testid="clients-alert"
        />
      )}
      {clients.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorMessageOf(clients.error, CLIENT_MESSAGES.failed)}
          className="form-alert"
        />
      ) : null}
      <Table<Client>
        rowKey="id"
        columns={clientColumns(ordering, (client) => navigate(`${PATHS.addClient}/${client.id}`))}
        dataSource={clients.data?.results ?? []}
        loading={clients.isFetching || select.isPending}
        onChange={handleChange}
        onRow={(client) => ({
          onClick: () => select.mutate(client),
          style: { cursor: 'pointer' },
          'data-testid': `client-row-${client.id}`,
        })}
        pagination={{
          current: page,
          pageSize: CLIENTS_PAGE_SIZE,
          total: clients.data?.count ?? 0,
          showSizeChanger: false,
        }}
        scroll={ADMIN_TABLE_SCROLL}
        data-testid="clients-table"
      />
    </div>
  );
}

/** Shows, for 5 s, a notice handed over by the page we came from, then forgets it. */
function useNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = useTimedValue<string>(ALERT_RESET_MS);
  const passed = (location.state as ClientsPageState | null)?.notice;
  const { show } = notice;
  useEffect(() => {
    if (passed !== undefined) {
      show(passed);
      navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, [passed, show, navigate, location.pathname, location.search]);
  return notice;
}

/** Choosing a row makes that client current and opens its sites (A section 2 'Navigation flows'). */
function useSelectClient() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: (client: Client) => selectClient(client.id),
    onSuccess: async (client) => {
      sessionStore.setCurrentClient({ id: client.id, company: client.company });
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      navigate(PATHS.sites);
    },
    onError: (error) => {
      message.error(errorMessageOf(error, CLIENT_MESSAGES.failed), ALERT_RESET_MS / 1000);
    },
  });
}
