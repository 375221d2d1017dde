import { Navigate, Outlet, useLocation } from 'react-router';
import { isSamePath, twoFactorGatePath } from '../auth/navigation';
import { useAuth } from '../hooks/useAuth';
import { useCurrentUser } from '../hooks/useCurrentUser';

/** A section 2 'Gating': while two-factor setup or verification is pending, only that page is reachable. */
export function TwoFactorGate() {
  const me = useCurrentUser();
  const { is2faRequired } = useAuth();
  const { pathname } = useLocation();
  const gatePath = twoFactorGatePath(me, is2faRequired);

  if (gatePath !== null && !isSamePath(pathname, gatePath)) {
    return <Navigate to={gatePath} replace />;
  }
  return <Outlet />;
}
