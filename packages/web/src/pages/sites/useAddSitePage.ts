import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SITE_MESSAGES } from '@vigil/contracts';
import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { meKeys } from '../../api/accounts';
import { errorMessageOf } from '../../api/api-error';
import { createSite, siteKeys } from '../../api/sites';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { noticeState, useNotice } from '../../hooks/useNotice';
import { PATHS } from '../../routes/paths';
import { type SiteFormFields, showSiteFieldErrors, toSiteBody } from './components/SiteForm';
import { hasEditAccess } from './site-rules';

/** Add Site: the form, its alert and the create call, which returns to /sites with 'added'. */
export function useAddSitePage() {
  const me = useCurrentUser();
  const client = me.current_client;
  const [form] = Form.useForm<SiteFormFields>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { notice, show } = useNotice();

  const create = useMutation({
    mutationFn: (values: SiteFormFields) => createSite(toSiteBody(values)),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: siteKeys.all }),
        queryClient.invalidateQueries({ queryKey: meKeys.all }),
      ]);
      navigate(PATHS.sites, { state: noticeState(SITE_MESSAGES.added) });
    },
    onError: (error) => {
      if (!showSiteFieldErrors(form, error)) {
        show(errorMessageOf(error, SITE_MESSAGES.failed), 'error');
      }
    },
  });

  return {
    title: client === null ? 'Add Site' : `${client.company} - Add Site`,
    /** Only editors with a current client add sites; others go back to /sites. */
    mayAdd: hasEditAccess(me) && client !== null,
    form,
    notice,
    create,
    cancel: () => navigate(PATHS.sites),
  };
}
