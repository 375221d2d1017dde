import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEVICE_MESSAGES, type Device } from '@vigil/contracts';
import { useNavigate, useParams } from 'react-router';
import { meKeys } from '../../api/accounts';
import { errorMessageOf } from '../../api/api-error';
import { devicesQuery, selectDevice } from '../../api/devices';
import { siteQuery } from '../../api/sites';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { useNotice } from '../../hooks/useNotice';
import { ALERT_RESET_MS } from '../../messages';
import { PATHS } from '../../routes/paths';
import { canAddDevice, canOpenDevice } from './device-rules';

/** The site whose devices to show: /devices/:id names it, /devices shows the current one. */
function useShownSite() {
  const me = useCurrentUser();
  const param = Number(useParams().id);
  const siteId = Number.isInteger(param) && param > 0 ? param : undefined;
  const site = useQuery({ ...siteQuery(siteId ?? 0), enabled: siteId !== undefined });
  if (siteId === undefined) {
    return { siteId: me.current_location?.id, siteTitle: me.current_location?.title, requested: undefined };
  }
  return { siteId, siteTitle: site.data?.title, requested: siteId };
}

/** The device cards of a site: which site, the alert a form handed over, choosing a card. */
export function useDevicesPage() {
  const me = useCurrentUser();
  const { siteId, siteTitle, requested } = useShownSite();
  const client = me.current_client;
  const navigate = useNavigate();
  const { notice, show } = useNotice(ALERT_RESET_MS, { fromNavigation: true });
  const devices = useQuery({ ...devicesQuery(requested), enabled: siteId !== undefined });
  const select = useSelectDevice((error) => show(errorMessageOf(error, DEVICE_MESSAGES.failed), 'error'));
  return {
    title:
      client !== null && siteTitle !== undefined ? `${client.company} / ${siteTitle} - Devices` : 'Devices',
    /** No site named and none current: the page asks for one. */
    needsSite: siteId === undefined,
    devices,
    select,
    notice,
    canAdd: canAddDevice(me, siteId),
    canOpen: (device: Device) => canOpenDevice(me, device),
    openAddForm: () => navigate(PATHS.addDevice),
  };
}

/** Choosing a card makes the device current and opens the dashboard (A section 2 'Navigation flows'). */
function useSelectDevice(onError: (error: Error) => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (device: Device) => selectDevice(device.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meKeys.all });
      navigate(PATHS.dashboard);
    },
    onError,
  });
}
