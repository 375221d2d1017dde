import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SITE_MESSAGES } from '@vigil/contracts';
import { Button, Card, Flex, Form, Typography } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { errorMessageOf } from '../../api/api-error';
import { createSite } from '../../api/sites';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { ME_QUERY_KEY } from '../../hooks/useMe';
import { usePageTitle } from '../../hooks/usePageTitle';
import { ALERT_RESET_MS } from '../../messages';
import { PATHS } from '../../routes/paths';
import { NoticeAlert, type NoticeState, useNotice } from './components/Notice';
import { SiteForm, type SiteFormFields, showSiteFieldErrors, toSiteBody } from './components/SiteForm';
import { SITES_QUERY_KEY } from './queries';
import { hasEditAccess } from './site-rules';

/** /sites/add/site: the heading shows the client's name; non-editors go back to /sites (A section 2). */
export function AddSitePage() {
  const me = useCurrentUser();
  const client = me.current_client;
  const title = client === null ? 'Add Site' : `${client.company} - Add Site`;
  usePageTitle(title);
  const [form] = Form.useForm<SiteFormFields>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { notice, show } = useNotice();

  const create = useMutation({
    mutationFn: (values: SiteFormFields) => createSite(toSiteBody(values)),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: SITES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]);
      const state: NoticeState = {
        notice: { text: SITE_MESSAGES.added, type: 'success', durationMs: ALERT_RESET_MS },
      };
      navigate(PATHS.sites, { state });
    },
    onError: (error) => {
      if (!showSiteFieldErrors(form, error)) {
        show(errorMessageOf(error, SITE_MESSAGES.failed), 'error');
      }
    },
  });

  if (!hasEditAccess(me) || client === null) {
    return <Navigate to={PATHS.sites} replace />;
  }
  return (
    <div className="page">
      <Typography.Title level={3} className="page-title" data-testid="add-site-title">
        {title}
      </Typography.Title>
      <NoticeAlert notice={notice} />
      <Card>
        <SiteForm form={form} disabled={create.isPending} onFinish={(values) => create.mutate(values)} />
        <Flex justify="flex-end" gap={12}>
          <Button onClick={() => navigate(PATHS.sites)} data-testid="site-cancel">
            CANCEL
          </Button>
          <Button
            type="primary"
            loading={create.isPending}
            onClick={() => form.submit()}
            data-testid="site-save"
          >
            ADD SITE
          </Button>
        </Flex>
      </Card>
    </div>
  );
}
