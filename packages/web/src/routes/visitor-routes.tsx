import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { PublicLayout } from '../components/PublicLayout';
import { ActivationPage } from '../pages/activation/ActivationPage';
import { FeedbackPage } from '../pages/feedback/FeedbackPage';
import { LandingPage } from '../pages/landing/LandingPage';
import { PasswordResetPage } from '../pages/password-reset/PasswordResetPage';
import { PATHS } from './paths';

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
