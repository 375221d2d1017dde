import { isStaff } from '@vigil/contracts';
import { Navigate, Outlet } from 'react-router';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { PATHS } from './paths';

/** Admin-only routes (A sections 2 and 6): super users and OEM users; others are sent to /sites. */
export function StaffOnly() {
  const me = useCurrentUser();
  return isStaff(me) ? <Outlet /> : <Navigate to={PATHS.sites} replace />;
}
