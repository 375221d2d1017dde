import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CLIENT_MESSAGES, type Client } from '@vigil/contracts';
import { Alert, App, Card, Form, type FormInstance, Typography } from 'antd';
import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessageOf } from '../../api/api-error';
import { createClient, deleteClient, getClient, getNextClientNumber, updateClient } from '../../api/clients';
import { PageSpinner } from '../../components/PageSpinner';
import { ME_QUERY_KEY } from '../../hooks/useMe';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useTimedValue } from '../../hooks/useTimedValue';
import { ALERT_RESET_MS } from '../../messages';
import { PATHS } from '../../routes/paths';
import {
  type ClientFormValues,
  EMPTY_CLIENT_FORM,
  toClientBody,
  toClientFormValues,
} from './client-form-values';
import { CLIENTS_QUERY_KEY, type ClientsPageState } from './clients-state';
import { ClientForm } from './components/ClientForm';

type Notice = { type: 'success' | 'error'; text: string };

const NEXT_NUMBER_QUERY_KEY = [...CLIENTS_QUERY_KEY, 'next-number'] as const;

/** /clients/add/client and /clients/add/client/:id (A sections 2, 4 and 5). */
export function ClientFormPage() {
  const { id } = useParams();
  const clientId = id === undefined ? undefined : Number(id);
  if (clientId !== undefined && !(Number.isInteger(clientId) && clientId > 0)) {
    return <Navigate to={PATHS.clients} replace />;
  }
  // A new key per client, so the form starts from that client's values.
  return <ClientFormScreen key={clientId ?? 'new'} clientId={clientId} />;
}

function ClientFormScreen({ clientId }: { clientId: number | undefined }) {
  const isEditing = clientId !== undefined;
  const title = isEditing ? 'Edit Client' : 'Add Client';
  usePageTitle(title);
  const [form] = Form.useForm<ClientFormValues>();
  const notice = useTimedValue<Notice>(ALERT_RESET_MS);

  const client = useQuery({
    queryKey: [...CLIENTS_QUERY_KEY, 'one', clientId],
    queryFn: ({ signal }) => getClient(clientId ?? 0, signal),
    enabled: isEditing,
  });
  const nextNumber = useQuery({
    queryKey: NEXT_NUMBER_QUERY_KEY,
    queryFn: ({ signal }) => getNextClientNumber(signal),
    enabled: !isEditing,
    staleTime: 0,
  });

  // The suggested number fills the field while it is still empty.
  useEffect(() => {
    if (nextNumber.data !== undefined && form.getFieldValue('number') == null) {
      form.setFieldValue('number', nextNumber.data);
    }
  }, [nextNumber.data, form]);

  const navigate = useNavigate();
  const { save, remove } = useClientMutations(clientId, form, notice.show);

  if (isEditing && client.isPending) {
    return <PageSpinner />;
  }
  const loadError = client.isError ? errorMessageOf(client.error, CLIENT_MESSAGES.failed) : null;
  return (
    <div className="page" style={{ maxWidth: 960 }}>
      <Typography.Title level={3} className="page-title">
        {isEditing && client.data !== undefined ? `${client.data.company} - ${title}` : title}
      </Typography.Title>
      {notice.value === null ? null : (
        <Alert
          type={notice.value.type}
          showIcon
          title={notice.value.text}
          className="form-alert"
          data-testid="client-alert"
        />
      )}
      {loadError === null ? (
        <Card>
          <ClientForm
            form={form}
            initialValues={client.data === undefined ? EMPTY_CLIENT_FORM : toClientFormValues(client.data)}
            isEditing={isEditing}
            isSubmitting={save.isPending || remove.isPending}
            onSubmit={(values) => save.mutate(values)}
            onCancel={() => navigate(PATHS.clients)}
            onRemove={isEditing ? () => remove.confirm() : undefined}
          />
        </Card>
      ) : (
        <Alert type="error" showIcon title={loadError} />
      )}
    </div>
  );
}

/** Create, update and remove, with the alerts of A section 8 and server field errors on the fields. */
function useClientMutations(
  clientId: number | undefined,
  form: FormInstance<ClientFormValues>,
  showNotice: (notice: Notice) => void,
) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { modal } = App.useApp();

  const showError = (error: unknown) => {
    if (error instanceof ApiError) {
      const names = Object.keys(EMPTY_CLIENT_FORM);
      form.setFields(
        Object.entries(error.fields)
          .filter(([name]) => names.includes(name))
          .map(([name, errors]) => ({ name: name as keyof ClientFormValues, errors })),
      );
    }
    showNotice({ type: 'error', text: errorMessageOf(error, CLIENT_MESSAGES.failed) });
  };

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: CLIENTS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
    ]);
  };

  const save = useMutation({
    mutationFn: (values: ClientFormValues): Promise<Client> =>
      clientId === undefined
        ? createClient(toClientBody(values))
        : updateClient(clientId, toClientBody(values)),
    onSuccess: async (saved) => {
      if (clientId !== undefined) {
        form.setFieldsValue(toClientFormValues(saved));
        showNotice({ type: 'success', text: CLIENT_MESSAGES.updated });
        await refresh();
        return;
      }
      // Fields reset after submit (A section 4), with the next number suggested again.
      form.resetFields();
      showNotice({ type: 'success', text: CLIENT_MESSAGES.added });
      await refresh();
      const next = queryClient.getQueryData<number>(NEXT_NUMBER_QUERY_KEY);
      if (next !== undefined) {
        form.setFieldValue('number', next);
      }
    },
    onError: showError,
  });

  const removal = useMutation({
    mutationFn: () => deleteClient(clientId ?? 0),
    onSuccess: async () => {
      await refresh();
      const state: ClientsPageState = { notice: CLIENT_MESSAGES.removed };
      navigate(PATHS.clients, { state });
    },
    onError: showError,
  });

  const remove = {
    isPending: removal.isPending,
    confirm: () =>
      modal.confirm({
        title: 'Deletion',
        content: 'Please confirm you want to delete this client',
        okText: 'Delete',
        okButtonProps: { danger: true },
        onOk: () => removal.mutateAsync().catch(() => undefined),
      }),
  };
  return { save, remove };
}
