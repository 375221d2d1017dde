import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { AuditReaders } from './AuditReaders';
import { accountRoutes, staffAccountRoutes } from './account-routes';
import { HomeRoute } from './HomeRoute';
import { lazyPage } from './lazy-page';
import {
  auditRoutes,
  monitoringRoutes,
  staffMonitoringRoutes,
  visualDashboardRoutes,
} from './monitoring-routes';
import { PATHS } from './paths';
import { StaffOnly } from './StaffOnly';
import { TwoFactorGate } from './TwoFactorGate';
import { VisualDashboardOnly } from './VisualDashboardOnly';

const AppShell = lazyPage(() => import('../components/AppShell'), 'AppShell', { isFullScreen: true });

import { activationRoute } from './visitor-routes';

/** Every signed-in route inside the shell, behind the two-factor gate; unknown paths go to '/'. */
export const authenticatedRoutes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      {
        element: <TwoFactorGate />,
        children: [
          { path: PATHS.home, element: <HomeRoute /> },
          ...accountRoutes,
          ...monitoringRoutes,
          { element: <StaffOnly />, children: [...staffAccountRoutes, ...staffMonitoringRoutes] },
          { element: <VisualDashboardOnly />, children: visualDashboardRoutes },
          { element: <AuditReaders />, children: auditRoutes },
          { path: '*', element: <Navigate to={PATHS.home} replace /> },
        ],
      },
    ],
  },
  // Activation may be opened while signed in; it redirects to /sites when done (A section 2).
  activationRoute,
];
