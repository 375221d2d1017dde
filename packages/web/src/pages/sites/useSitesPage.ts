import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isStaff, SITE_MESSAGES, type Site } from '@vigil/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { meKeys } from '../../api/accounts';
import { errorMessageOf } from '../../api/api-error';
import { selectSite, sitesQuery } from '../../api/sites';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { useNotice } from '../../hooks/useNotice';
import { ALERT_RESET_MS } from '../../messages';
import { PATHS } from '../../routes/paths';
import { hasEditAccess } from './site-rules';

type NameOrder = 'title' | '-title';

/** The site cards of the current client: name order, the alert a form handed over, choosing a card. */
export function useSitesPage() {
  const me = useCurrentUser();
  const client = me.current_client;
  const [order, setOrder] = useState<NameOrder>('title');
  const { notice, show } = useNotice(ALERT_RESET_MS, { fromNavigation: true });
  const navigate = useNavigate();
  const sites = useQuery({ ...sitesQuery(order), enabled: client !== null || !isStaff(me) });
  const select = useSelectSite((error) => show(errorMessageOf(error, SITE_MESSAGES.failed), 'error'));
  return {
    title: client === null ? 'Sites' : `${client.company} - Sites`,
    sites,
    select,
    notice,
    order,
    toggleOrder: () => setOrder(order === 'title' ? '-title' : 'title'),
    /** Staff see no sites until they choose a client. */
    needsClient: client === null && isStaff(me),
    canAdd: hasEditAccess(me) && client !== null,
    openAddForm: () => navigate(PATHS.addSite),
  };
}

/** Choosing a card makes the site current and opens its devices (A section 2 'Navigation flows'). */
function useSelectSite(onError: (error: Error) => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (site: Site) => selectSite(site.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meKeys.all });
      navigate(PATHS.devices);
    },
    onError,
  });
}
