import { Alert, Card, Typography } from 'antd';
import { Navigate, useParams } from 'react-router';
import { NoticeAlert } from '../../components/NoticeAlert';
import { PageSpinner } from '../../components/PageSpinner';
import { usePageTitle } from '../../hooks/usePageTitle';
import { PATHS } from '../../routes/paths';
import { EMPTY_CLIENT_FORM, toClientFormValues } from './client-form-values';
import { ClientForm } from './components/ClientForm';
import { useClientFormPage } from './useClientFormPage';

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
  const page = useClientFormPage(clientId);
  const { isEditing, client, save, remove } = page;
  const title = isEditing ? 'Edit Client' : 'Add Client';
  usePageTitle(title);

  if (isEditing && client.isPending) {
    return <PageSpinner />;
  }
  return (
    <div className="page" style={{ maxWidth: 960 }}>
      <Typography.Title level={3} className="page-title">
        {isEditing && client.data !== undefined ? `${client.data.company} - ${title}` : title}
      </Typography.Title>
      <NoticeAlert notice={page.notice} testId="client-alert" />
      {page.loadError === null ? (
        <Card>
          <ClientForm
            form={page.form}
            initialValues={client.data === undefined ? EMPTY_CLIENT_FORM : toClientFormValues(client.data)}
            isEditing={isEditing}
            isSubmitting={save.isPending || remove.isPending}
            onSubmit={(values) => save.mutate(values)}
            onCancel={page.cancel}
            onRemove={isEditing ? () => remove.confirm() : undefined}
          />
        </Card>
      ) : (
        <Alert type="error" showIcon title={page.loadError} />
      )}
    </div>
  );
}
