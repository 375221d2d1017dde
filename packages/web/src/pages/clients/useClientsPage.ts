import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CLIENT_MESSAGES, type Client, type ClientOrdering } from '@vigil/contracts';
import { App, type TableProps } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { meKeys } from '../../api/accounts';
import { errorMessageOf } from '../../api/api-error';
import { clientsQuery, selectClient } from '../../api/clients';
import { sessionStore } from '../../auth/session-storage';
import { useNotice } from '../../hooks/useNotice';
import { ALERT_RESET_MS } from '../../messages';
import { PATHS } from '../../routes/paths';
import { useSearchRoute } from './useSearchRoute';

/** The clients list: search in the route, page and COMPANY order, the alert a form handed over, row choice. */
export function useClientsPage() {
  const { search = '' } = useParams();
  const { inputValue, setInputValue } = useSearchRoute(search);
  const [paging, setPaging] = useState({ search, page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const [ordering, setOrdering] = useState<ClientOrdering>('company');
  const navigate = useNavigate();
  const { notice } = useNotice(ALERT_RESET_MS, { fromNavigation: true });
  const select = useSelectClient();
  const clients = useQuery({
    ...clientsQuery({ page, q: search || undefined, ordering }),
    placeholderData: keepPreviousData,
  });

  const handleTableChange: TableProps<Client>['onChange'] = (pagination, _filters, sorter) => {
    const order = Array.isArray(sorter) ? sorter[0]?.order : sorter.order;
    setOrdering(order === 'descend' ? '-company' : 'company');
    setPaging({ search, page: pagination.current ?? 1 });
  };

  return {
    searchText: inputValue,
    setSearchText: setInputValue,
    page,
    ordering,
    clients,
    notice,
    select,
    handleTableChange,
    openAddForm: () => navigate(PATHS.addClient),
    openEditForm: (client: Client) => navigate(`${PATHS.addClient}/${client.id}`),
  };
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
      await queryClient.invalidateQueries({ queryKey: meKeys.all });
      navigate(PATHS.sites);
    },
    onError: (error) => {
      // A toast, as it always was: the row stays where it is.
      message.error(errorMessageOf(error, CLIENT_MESSAGES.failed), ALERT_RESET_MS / 1000);
    },
  });
}
