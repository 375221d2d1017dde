import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CLIENT_MESSAGES, type Client } from '@vigil/contracts';
import { App, Form, type FormInstance } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { meKeys } from '../../api/accounts';
import { ApiError, errorMessageOf } from '../../api/api-error';
import {
  clientKeys,
  clientQuery,
  createClient,
  deleteClient,
  nextClientNumberQuery,
  updateClient,
} from '../../api/clients';
import { noticeState, type ShowNotice, useNotice } from '../../hooks/useNotice';
import { PATHS } from '../../routes/paths';
import {
  type ClientFormValues,
  EMPTY_CLIENT_FORM,
  toClientBody,
  toClientFormValues,
} from './client-form-values';

/** The Add / Edit Client page: the client (or the next account number), the form, its alert, save and remove. */
export function useClientFormPage(clientId: number | undefined) {
  const isEditing = clientId !== undefined;
  const [form] = Form.useForm<ClientFormValues>();
  const { notice, show } = useNotice();
  const client = useQuery({ ...clientQuery(clientId ?? 0), enabled: isEditing });
  const nextNumber = useQuery({ ...nextClientNumberQuery(), enabled: !isEditing });

  // The suggested number fills the field while it is still empty.
  useEffect(() => {
    if (nextNumber.data !== undefined && form.getFieldValue('number') == null) {
      form.setFieldValue('number', nextNumber.data);
    }
  }, [nextNumber.data, form]);

  const navigate = useNavigate();
  const { save, remove } = useClientMutations(clientId, form, show);
  return {
    isEditing,
    form,
    notice,
    client,
    loadError: client.isError ? errorMessageOf(client.error, CLIENT_MESSAGES.failed) : null,
    save,
    remove,
    cancel: () => navigate(PATHS.clients),
  };
}

/** Create, update and remove, with the alerts of A section 8 and server field errors on the fields. */
function useClientMutations(
  clientId: number | undefined,
  form: FormInstance<ClientFormValues>,
  showNotice: ShowNotice,
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
    showNotice(errorMessageOf(error, CLIENT_MESSAGES.failed), 'error');
  };

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: clientKeys.all }),
      queryClient.invalidateQueries({ queryKey: meKeys.all }),
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
        showNotice(CLIENT_MESSAGES.updated);
        await refresh();
        return;
      }
      // Fields reset after submit (A section 4), with the next number suggested again.
      form.resetFields();
      showNotice(CLIENT_MESSAGES.added);
      await refresh();
      const next = queryClient.getQueryData<number>(clientKeys.nextNumber());
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
      navigate(PATHS.clients, { state: noticeState(CLIENT_MESSAGES.removed) });
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
