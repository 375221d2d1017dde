import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';

const AnalyticsPage = lazyPage(() => import('../pages/analytics/AnalyticsPage'), 'AnalyticsPage');
const AuditPage = lazyPage(() => import('../pages/audit/AuditPage'), 'AuditPage');
const DashboardPage = lazyPage(() => import('../pages/dashboard/DashboardPage'), 'DashboardPage');
const EditWarningsPage = lazyPage(() => import('../pages/dashboard/EditWarningsPage'), 'EditWarningsPage');
const HistoricalListPage = lazyPage(
  () => import('../pages/dashboard/HistoricalListPage'),
  'HistoricalListPage',
);
const SnapshotPage = lazyPage(() => import('../pages/dashboard/SnapshotPage'), 'SnapshotPage');
const GraphsPage = lazyPage(() => import('../pages/graphs/GraphsPage'), 'GraphsPage');
const HistoricalGraphsPage = lazyPage(
  () => import('../pages/graphs/HistoricalGraphsPage'),
  'HistoricalGraphsPage',
);
const NotificationsPage = lazyPage(
  () => import('../pages/notifications/NotificationsPage'),
  'NotificationsPage',
);
const SensorImagesPage = lazyPage(
  () => import('../pages/sensor-settings/SensorImagesPage'),
  'SensorImagesPage',
);
const SensorNamesPage = lazyPage(() => import('../pages/sensor-settings/SensorNamesPage'), 'SensorNamesPage');
const SensorTypesPage = lazyPage(() => import('../pages/sensor-settings/SensorTypesPage'), 'SensorTypesPage');
const MachineDetailsPage = lazyPage(
  () => import('../pages/visual-dashboard/MachineDetailsPage'),
  'MachineDetailsPage',
);
const SchemaDetailsPage = lazyPage(
  () => import('../pages/visual-dashboard/SchemaDetailsPage'),
  'SchemaDetailsPage',
);
const SchemaEditorPage = lazyPage(
  () => import('../pages/visual-dashboard/SchemaEditorPage'),
  'SchemaEditorPage',
);
const SchemasPage = lazyPage(() => import('../pages/visual-dashboard/SchemasPage'), 'SchemasPage');
const TabEditorPage = lazyPage(() => import('../pages/visual-dashboard/TabEditorPage'), 'TabEditorPage');
const VisualDashboardPage = lazyPage(
  () => import('../pages/visual-dashboard/VisualDashboardPage'),
  'VisualDashboardPage',
);

const SCHEMAS = '/visual-dashboard/site/:siteId/schemas';

/** Signed-in routes of M section 2 open to every user. */
export const monitoringRoutes: RouteObject[] = [
  { path: '/dashboard', element: <DashboardPage /> },
  { path: '/dashboard/historical', element: <HistoricalListPage /> },
  // ':dateTime' is the spec's '{date}&{time}' segment, e.g. 2025-01-01&08:30.
  { path: '/dashboard/historical/:dateTime', element: <HistoricalListPage /> },
  { path: '/dashboard/historical/snapshot/:timestamp', element: <SnapshotPage /> },
  { path: '/dashboard/edit/warnings', element: <EditWarningsPage /> },
  { path: '/graphs', element: <GraphsPage /> },
  { path: '/graphs/:sensorId', element: <GraphsPage /> },
  { path: '/graphs/historical/graphs/:dateTime/:sensorId?', element: <HistoricalGraphsPage /> },
  { path: '/notifications', element: <NotificationsPage /> },
  { path: '/notifications/all', element: <NotificationsPage /> },
  { path: '/notifications/site/:siteId', element: <NotificationsPage /> },
  { path: '/notifications/device/:deviceId', element: <NotificationsPage /> },
  { path: '/edit/sensor/names', element: <SensorNamesPage /> },
  { path: '/edit/sensor/images', element: <SensorImagesPage /> },
  { path: '/edit/sensor/types', element: <SensorTypesPage /> },
];

/** Issue 27's audit trail: managers, accounts management and staff (wrapped in AuditReaders). */
export const auditRoutes: RouteObject[] = [{ path: '/audit', element: <AuditPage /> }];

/** M section 2 'Analytics': super user and OEM only (wrapped in StaffOnly). */
export const staffMonitoringRoutes: RouteObject[] = [{ path: '/analytics', element: <AnalyticsPage /> }];

/** M section 2 'Visual dashboard' (wrapped in VisualDashboardOnly). */
export const visualDashboardRoutes: RouteObject[] = [
  { path: '/visual-dashboard', element: <VisualDashboardPage /> },
  { path: `${SCHEMAS}/`, element: <SchemasPage /> },
  { path: `${SCHEMAS}/new`, element: <SchemaEditorPage /> },
  { path: `${SCHEMAS}/:schemaId/edit`, element: <SchemaEditorPage /> },
  { path: `${SCHEMAS}/:schemaId/tabs/:tabId`, element: <SchemaDetailsPage /> },
  { path: `${SCHEMAS}/:schemaId/tabs/:tabId/edit`, element: <TabEditorPage /> },
  { path: `${SCHEMAS}/:schemaId/new-tab`, element: <TabEditorPage /> },
  { path: `${SCHEMAS}/:schemaId/tabs/:tabId/machines/:machineId/`, element: <MachineDetailsPage /> },
];
