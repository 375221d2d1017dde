import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { LandingPage } from '../pages/landing/LandingPage';
import { lazyPage } from './lazy-page';
import { PATHS } from './paths';

const PublicLayout = lazyPage(() => import('../components/PublicLayout'), 'PublicLayout');
const ActivationPage = lazyPage(() => import('../pages/activation/ActivationPage'), 'ActivationPage');
const FeedbackPage = lazyPage(() => import('../pages/feedback/FeedbackPage'), 'FeedbackPage');
const PasswordResetPage = lazyPage(
  () => import('../pages/password-reset/PasswordResetPage'),
  'PasswordResetPage',
);

export const activationRoute: RouteObject = {
  path: '/register/activate/:activationKey',
  element: (
    <PublicLayout>
      <ActivationPage />
    </PublicLayout>
  ),
};

/** A section 2 'Unauthenticated'; anything else sends a visitor to '/'. */
export const visitorRoutes: RouteObject[] = [
  { path: PATHS.home, element: <LandingPage /> },
  {
    path: PATHS.feedback,
    element: (
      <PublicLayout>
        <FeedbackPage />
      </PublicLayout>
    ),
  },
  activationRoute,
  {
    path: '/password/reset/key/:id',
    element: (
      <PublicLayout>
        <PasswordResetPage />
      </PublicLayout>
    ),
  },
  { path: '*', element: <Navigate to={PATHS.home} replace /> },
];
