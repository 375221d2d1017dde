import { Navigate, Outlet } from 'react-router';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { PATHS } from './paths';

/** M section 2: the visual dashboard exists only for users with visual_dashboard_enabled; others go to '/'. */
export function VisualDashboardOnly() {
  const me = useCurrentUser();
  return me.visual_dashboard_enabled ? <Outlet /> : <Navigate to={PATHS.home} replace />;
}
