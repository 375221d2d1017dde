import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SITE_MESSAGES, type Site } from '@vigil/contracts';
import { App, Button, Card, Flex, Form, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { errorMessageOf } from '../../api/api-error';
import { deleteSite, getSite, toggleSiteSuspended, updateSite } from '../../api/sites';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { ME_QUERY_KEY } from '../../hooks/useMe';
import { usePageTitle } from '../../hooks/usePageTitle';
import { ALERT_RESET_MS, USER_ALERT_RESET_MS } from '../../messages';
import { PATHS } from '../../routes/paths';
import { AssignedUsersTable } from './components/AssignedUsersTable';
import { NoticeAlert, type NoticeState, useNotice } from './components/Notice';
import {
  SiteForm,
  type SiteFormFields,
  showSiteFieldErrors,
  siteFormValues,
  toSiteBody,
} from './components/SiteForm';
import { SITES_QUERY_KEY, siteQueryKey } from './queries';
import { managesClient } from './site-rules';

/** /sites/edit/:id (A section 2 'Edit site'); non-editors are sent to /sites. */
export function EditSitePage() {
  const siteId = Number(useParams().id);
  const site = useQuery({
    queryKey: siteQueryKey(siteId),
    queryFn: ({ signal }) => getSite(siteId, signal),
    enabled: Number.isInteger(siteId) && siteId > 0,
  });
  usePageTitle(site.data === undefined ? 'Edit Site' : `${site.data.title} - Edit Site`);

  if (!Number.isInteger(siteId) || siteId <= 0 || site.isError || (site.data && !site.data.can_edit)) {
    return <Navigate to={PATHS.sites} replace />;
  }
  if (site.data === undefined) {
    return <Spin className="page-spinner" />;
  }
  return <EditSiteContent site={site.data} />;
}

function EditSiteContent({ site }: { site: Site }) {
  const me = useCurrentUser();
  const [form] = Form.useForm<SiteFormFields>();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const { notice, show } = useNotice();
  const initialValues = useMemo(() => siteFormValues(site), [site]);
  const actions = useSiteActions(site, {
    onSaved: () => show(SITE_MESSAGES.updated),
    onError: (error) => {
      if (!showSiteFieldErrors(form, error)) {
        show(errorMessageOf(error, SITE_MESSAGES.failed), 'error');
      }
    },
    onSuspended: (updated) =>
      show(updated.is_suspended ? SITE_MESSAGES.deactivated : SITE_MESSAGES.reactivated),
  });

  const confirmSuspend = () => {
    const deactivating = !site.is_suspended;
    modal.confirm({
      title: deactivating ? 'Deactivation' : 'Reactivation',
      content: deactivating ? SITE_MESSAGES.confirmDeactivate : SITE_MESSAGES.confirmReactivate,
      okText: 'Confirm',
      onOk: () => actions.suspend.mutateAsync().catch(() => undefined),
    });
  };
  const confirmRemove = () => {
    modal.confirm({
      title: 'Deletion',
      content: SITE_MESSAGES.confirmDelete,
      okText: 'Confirm',
      okButtonProps: { danger: true },
      onOk: () => actions.remove.mutateAsync().catch(() => undefined),
    });
  };

  return (
    <div className="page">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="edit-site-title">
          {`${site.title} - Edit Site`}
        </Typography.Title>
        <Flex gap={12}>
          <Button onClick={confirmSuspend} loading={actions.suspend.isPending} data-testid="site-suspend">
            {site.is_suspended ? 'REACTIVATE SITE' : 'DEACTIVATE SITE'}
          </Button>
          {managesClient(me) ? (
            <Button
              danger
              onClick={confirmRemove}
              loading={actions.remove.isPending}
              data-testid="site-remove"
            >
              REMOVE SITE
            </Button>
          ) : null}
        </Flex>
      </Flex>
      <NoticeAlert notice={notice} />
      <Card title="Site" style={{ marginBottom: 16 }}>
        <SiteForm
          form={form}
          initialValues={initialValues}
          disabled={actions.save.isPending}
          onFinish={(values) => actions.save.mutate(values)}
        />
      </Card>
      <Card title="Assigned users" style={{ marginBottom: 16 }}>
        <AssignedUsersTable
          clientId={site.client}
          siteId={site.id}
          canRemove={managesClient(me)}
          meId={me.id}
          onNotice={(text, type) => show(text, type, USER_ALERT_RESET_MS)}
        />
      </Card>
      <Flex justify="flex-end" gap={12} className="form-actions">
        <Button onClick={() => navigate(PATHS.sites)} data-testid="site-cancel">
          CANCEL
        </Button>
        <Button
          type="primary"
          loading={actions.save.isPending}
          onClick={() => form.submit()}
          data-testid="site-save"
        >
          SAVE CHANGES
        </Button>
      </Flex>
    </div>
  );
}

type SiteActionHandlers = {
  onSaved: () => void;
  onError: (error: Error) => void;
  onSuspended: (site: Site) => void;
};

/** Save, deactivate/reactivate and remove, each refreshing what shows the site. */
function useSiteActions(site: Site, handlers: SiteActionHandlers) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = async (updated: Site) => {
    queryClient.setQueryData(siteQueryKey(site.id), updated);
    await queryClient.invalidateQueries({ queryKey: [...SITES_QUERY_KEY, 'list'] });
  };
  const save = useMutation({
    mutationFn: (values: SiteFormFields) => updateSite(site.id, toSiteBody(values)),
    onSuccess: async (updated) => {
      await refresh(updated);
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      handlers.onSaved();
    },
    onError: handlers.onError,
  });
  const suspend = useMutation({
    mutationFn: () => toggleSiteSuspended(site.id),
    onSuccess: async (updated) => {
      await refresh(updated);
      handlers.onSuspended(updated);
    },
    onError: handlers.onError,
  });
  const remove = useMutation({
    mutationFn: () => deleteSite(site.id),
    onSuccess: async () => {
      const state: NoticeState = {
        notice: { text: SITE_MESSAGES.removed, type: 'success', durationMs: ALERT_RESET_MS },
      };
      navigate(PATHS.sites, { state });
      queryClient.removeQueries({ queryKey: siteQueryKey(site.id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...SITES_QUERY_KEY, 'list'] }),
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]);
    },
    onError: handlers.onError,
  });
  return { save, suspend, remove };
}
