import { useLocation, useParams } from 'react-router';
import { PATHS } from '../../routes/paths';
import { NotificationsLog } from './components/NotificationsLog';
import { acknowledgeIdOf, filtersFromLocation } from './notification-filters';
import { useMarkReadOnOpen } from './useMarkReadOnOpen';

/**
 * /notifications, /notifications/all (no site or device filter unless its link names one; clears the unread flag), and the scoped
 * /notifications/site/:siteId and /notifications/device/:deviceId (M section 2 'Notifications'). Opening it
 * again (the bell, the sidebar) starts from the link's filters.
 */
export function NotificationsPage() {
  const location = useLocation();
  const { siteId, deviceId } = useParams();
  const isAll = location.pathname.replace(/\/+$/, '') === PATHS.allNotifications;
  useMarkReadOnOpen(isAll, location.key);
  const params = new URLSearchParams(location.search);
  const initial = filtersFromLocation(params, { siteId, deviceId, isAll });
  return <NotificationsLog key={location.key} initial={initial} acknowledgeId={acknowledgeIdOf(params)} />;
}
