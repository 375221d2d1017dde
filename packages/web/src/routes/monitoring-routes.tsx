import type { RouteObject } from 'react-router';
import { AnalyticsPage } from '../pages/analytics/AnalyticsPage';
import { DashboardPage } from '../pages/dashboard/DashboardPage';
import { EditWarningsPage } from '../pages/dashboard/EditWarningsPage';
import { HistoricalListPage } from '../pages/dashboard/HistoricalListPage';
import { SnapshotPage } from '../pages/dashboard/SnapshotPage';
import { GraphsPage } from '../pages/graphs/GraphsPage';
import { HistoricalGraphsPage } from '../pages/graphs/HistoricalGraphsPage';
import { NotificationsPage } from '../pages/notifications/NotificationsPage';
import { SensorImagesPage } from '../pages/sensor-settings/SensorImagesPage';
import { SensorNamesPage } from '../pages/sensor-settings/SensorNamesPage';
import { SensorTypesPage } from '../pages/sensor-settings/SensorTypesPage';
import { MachineDetailsPage } from '../pages/visual-dashboard/MachineDetailsPage';
import { SchemaDetailsPage } from '../pages/visual-dashboard/SchemaDetailsPage';
import { SchemaEditorPage } from '../pages/visual-dashboard/SchemaEditorPage';
import { SchemasPage } from '../pages/visual-dashboard/SchemasPage';
import { TabEditorPage } from '../pages/visual-dashboard/TabEditorPage';
import { VisualDashboardPage } from '../pages/visual-dashboard/VisualDashboardPage';

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
  { path: '/edit/sensor/names', element: <SensorNamesPage /> },
  { path: '/edit/sensor/images', element: <SensorImagesPage /> },
  { path: '/edit/sensor/types', element: <SensorTypesPage /> },
];

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
