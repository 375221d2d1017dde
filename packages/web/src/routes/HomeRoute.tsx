import { isStaff } from '@vigil/contracts';
import { Navigate } from 'react-router';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { lazyPage } from './lazy-page';
import { PATHS } from './paths';

const ClientsPage = lazyPage(() => import('../pages/clients/ClientsPage'), 'ClientsPage');

/** '/' when signed in: the client list, or the sites once a client is chosen (A section 2). */
export function HomeRoute() {
  const me = useCurrentUser();
  if (me.current_client !== null || !isStaff(me)) {
    return <Navigate to={PATHS.sites} replace />;
  }
  return <ClientsPage />;
}
