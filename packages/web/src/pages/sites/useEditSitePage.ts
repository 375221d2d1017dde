import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SITE_MESSAGES, type Site } from '@vigil/contracts';
import { Form } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { meKeys } from '../../api/accounts';
import { errorMessageOf } from '../../api/api-error';
import { deleteSite, siteKeys, toggleSiteSuspended, updateSite } from '../../api/sites';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { noticeState, useNotice } from '../../hooks/useNotice';
import { ALERT_RESET_MS, USER_ALERT_RESET_MS } from '../../messages';
import { PATHS } from '../../routes/paths';
import { type SiteFormFields, showSiteFieldErrors, siteFormValues, toSiteBody } from './components/SiteForm';
import { managesClient } from './site-rules';

/**
 * Edit Site: the form and its actions (save, deactivate/reactivate, remove), and the page's alert, which also
 * shows what the assigned-user pages handed back and, for 10 s, the assigned users table's own outcomes.
 */
export function useEditSitePage(site: Site) {
  const me = useCurrentUser();
  const [form] = Form.useForm<SiteFormFields>();
  const navigate = useNavigate();
  const { notice, show } = useNotice(ALERT_RESET_MS, { fromNavigation: true });
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
  return {
    me,
    form,
    initialValues,
    notice,
    showUserNotice: (text: string, type: 'success' | 'error') =>
      show(text, type, { durationMs: USER_ALERT_RESET_MS }),
    ...actions,
    mayRemove: managesClient(me),
    cancel: () => navigate(PATHS.sites),
  };
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
    queryClient.setQueryData(siteKeys.one(site.id), updated);
    await queryClient.invalidateQueries({ queryKey: siteKeys.lists() });
  };
  const save = useMutation({
    mutationFn: (values: SiteFormFields) => updateSite(site.id, toSiteBody(values)),
    onSuccess: async (updated) => {
      await refresh(updated);
      await queryClient.invalidateQueries({ queryKey: meKeys.all });
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
      navigate(PATHS.sites, { state: noticeState(SITE_MESSAGES.removed) });
      queryClient.removeQueries({ queryKey: siteKeys.one(site.id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: siteKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: meKeys.all }),
      ]);
    },
    onError: handlers.onError,
  });
  return { save, suspend, remove };
}
