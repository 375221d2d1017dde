import { mayReadAudit } from '@vigil/contracts';
import { Navigate, Outlet } from 'react-router';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { PATHS } from './paths';

/** The audit trail's readers (docs/audit.md): managers, accounts management and staff; others go to /sites. */
export function AuditReaders() {
  const me = useCurrentUser();
  return mayReadAudit(me) ? <Outlet /> : <Navigate to={PATHS.sites} replace />;
}
