import { Card, Typography } from 'antd';
import { Navigate } from 'react-router';
import { FormActions } from '../../components/FormActions';
import { NoticeAlert } from '../../components/NoticeAlert';
import { usePageTitle } from '../../hooks/usePageTitle';
import { PATHS } from '../../routes/paths';
import { SiteForm } from './components/SiteForm';
import { useAddSitePage } from './useAddSitePage';

/** /sites/add/site: the heading shows the client's name; non-editors go back to /sites (A section 2). */
export function AddSitePage() {
  const { form, create, ...page } = useAddSitePage();
  usePageTitle(page.title);

  if (!page.mayAdd) {
    return <Navigate to={PATHS.sites} replace />;
  }
  return (
    <div className="page">
      <Typography.Title level={3} className="page-title" data-testid="add-site-title">
        {page.title}
      </Typography.Title>
      <NoticeAlert notice={page.notice} testId="sites-alert" />
      <Card>
        <SiteForm form={form} disabled={create.isPending} onFinish={(values) => create.mutate(values)} />
        <FormActions
          isFlush
          cancel={{ onClick: page.cancel, testId: 'site-cancel' }}
          save={{
            label: 'ADD SITE',
            isPending: create.isPending,
            onClick: () => form.submit(),
            testId: 'site-save',
          }}
        />
      </Card>
    </div>
  );
}
