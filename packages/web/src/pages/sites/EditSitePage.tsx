import { useQuery } from '@tanstack/react-query';
import { SITE_MESSAGES, type Site } from '@vigil/contracts';
import { Card, Flex, Spin, Typography } from 'antd';
import { Navigate, useParams } from 'react-router';
import { siteQuery } from '../../api/sites';
import { FormActions } from '../../components/FormActions';
import { NoticeAlert } from '../../components/NoticeAlert';
import { SuspendRemoveActions } from '../../components/SuspendRemoveActions';
import { usePageTitle } from '../../hooks/usePageTitle';
import { PATHS } from '../../routes/paths';
import { AssignedUsersTable } from './components/AssignedUsersTable';
import { SiteForm } from './components/SiteForm';
import { useEditSitePage } from './useEditSitePage';

/** /sites/edit/:id (A section 2 'Edit site'); non-editors are sent to /sites. */
export function EditSitePage() {
  const siteId = Number(useParams().id);
  const isValidId = Number.isInteger(siteId) && siteId > 0;
  const site = useQuery({ ...siteQuery(siteId), enabled: isValidId });
  usePageTitle(site.data === undefined ? 'Edit Site' : `${site.data.title} - Edit Site`);

  if (!isValidId || site.isError || (site.data && !site.data.can_edit)) {
    return <Navigate to={PATHS.sites} replace />;
  }
  if (site.data === undefined) {
    return <Spin className="page-spinner" />;
  }
  return <EditSiteContent site={site.data} />;
}

function EditSiteContent({ site }: { site: Site }) {
  const { me, form, save, suspend, remove, ...page } = useEditSitePage(site);
  return (
    <div className="page">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="edit-site-title">
          {`${site.title} - Edit Site`}
        </Typography.Title>
        <SuspendRemoveActions
          noun="SITE"
          isSuspended={site.is_suspended}
          suspend={{ run: () => suspend.mutateAsync(), isPending: suspend.isPending }}
          remove={
            page.mayRemove ? { run: () => remove.mutateAsync(), isPending: remove.isPending } : undefined
          }
          messages={{
            confirmDeactivate: SITE_MESSAGES.confirmDeactivate,
            confirmReactivate: SITE_MESSAGES.confirmReactivate,
            confirmRemove: SITE_MESSAGES.confirmDelete,
          }}
          testIdPrefix="site"
        />
      </Flex>
      <NoticeAlert notice={page.notice} testId="sites-alert" />
      <Card title="Site" style={{ marginBottom: 16 }}>
        <SiteForm
          form={form}
          initialValues={page.initialValues}
          disabled={save.isPending}
          onFinish={(values) => save.mutate(values)}
        />
      </Card>
      <Card title="Assigned users" style={{ marginBottom: 16 }}>
        <AssignedUsersTable
          clientId={site.client}
          siteId={site.id}
          canRemove={page.mayRemove}
          meId={me.id}
          onNotice={page.showUserNotice}
        />
      </Card>
      <FormActions
        cancel={{ onClick: page.cancel, testId: 'site-cancel' }}
        save={{
          label: 'SAVE CHANGES',
          isPending: save.isPending,
          onClick: () => form.submit(),
          testId: 'site-save',
        }}
      />
    </div>
  );
}
