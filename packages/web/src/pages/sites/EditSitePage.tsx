import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SITE_MESSAGES, type Site } from '@vigil/contracts';
import { Button, Card, Flex, Form, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { errorMessageOf } from '../../api/api-error';
import { deleteSite, getSite, toggleSiteSuspended, updateSite } from '../../api/sites';
import { SuspendRemoveActions } from '../../components/SuspendRemoveActions';
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

  return (
    <div className="page">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="edit-site-title">
          {`${site.title} - Edit Site`}
        </Typography.Title>
        <SuspendRemoveActions
          noun="SITE"
          isSuspended={site.is_suspended}
          suspend={{ run: () => actions.suspend.mutateAsync(), isPending: actions.suspend.isPending }}
          remove={
            managesClient(me)
              ? { run: () => actions.remove.mutateAsync(), isPending: actions.remove.isPending }
              : undefined
          }
          messages={{
            confirmDeactivate: SITE_MESSAGES.confirmDeactivate,
            confirmReactivate: SITE_MESSAGES.confirmReactivate,
            confirmRemove: SITE_MESSAGES.confirmDelete,
          }}
          testIdPrefix="site"
        />
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
