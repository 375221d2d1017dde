import { useRoutes } from 'react-router';
import { PageSpinner } from '../components/PageSpinner';
import { useAuth } from '../hooks/useAuth';
import { authenticatedRoutes } from './authenticated-routes';
import { lazyPage } from './lazy-page';
import { visitorRoutes } from './visitor-routes';

// Only a signed-in user whose me/ failed sees it: not part of a visitor's first page.
const ServerProblem = lazyPage(() => import('../components/ServerProblem'), 'ServerProblem');

/** Visitors get the public pages; a signed-in user gets the portal once me/ has loaded. */
export function AppRoutes() {
  const { token } = useAuth();
  return token === null ? <VisitorRoutes /> : <SignedInRoutes />;
}

function VisitorRoutes() {
  return useRoutes(visitorRoutes);
}

function SignedInRoutes() {
  const { meQuery, logout } = useAuth();
  const routes = useRoutes(authenticatedRoutes);

  if (meQuery.isPending) {
    return <PageSpinner isFullScreen />;
  }
  if (meQuery.isError) {
    return (
      <div className="full-screen-center">
        <ServerProblem
          isRetrying={meQuery.isFetching}
          onRetry={() => void meQuery.refetch()}
          onLogout={() => void logout()}
        />
      </div>
    );
  }
  return routes;
}
