import type { RouteObject } from 'react-router';
import { AlertRuleFormPage } from '../pages/alert-rules/AlertRuleFormPage';
import { AlertRulesPage } from '../pages/alert-rules/AlertRulesPage';
import { ClientFormPage } from '../pages/clients/ClientFormPage';
import { ClientsPage } from '../pages/clients/ClientsPage';
import { DeviceFormPage } from '../pages/devices/DeviceFormPage';
import { DevicesPage } from '../pages/devices/DevicesPage';
import { FeedbackPage } from '../pages/feedback/FeedbackPage';
import { FlatpageEditorPage } from '../pages/oem/FlatpageEditorPage';
import { FlatpagesAdminPage } from '../pages/oem/FlatpagesAdminPage';
import { FlatpagesPage } from '../pages/oem/FlatpagesPage';
import { HardwarePage } from '../pages/oem/HardwarePage';
import { OemSettingsPage } from '../pages/oem/OemSettingsPage';
import { OutboxPage } from '../pages/oem/OutboxPage';
import { RssFeedEditPage } from '../pages/oem/RssFeedEditPage';
import { SupportContactsPage } from '../pages/oem/SupportContactsPage';
import { SetupTwoFactorPage } from '../pages/security/SetupTwoFactorPage';
import { VerifyTwoFactorPage } from '../pages/security/VerifyTwoFactorPage';
import { AddSitePage } from '../pages/sites/AddSitePage';
import { AssignedUserPage } from '../pages/sites/AssignedUserPage';
import { EditSitePage } from '../pages/sites/EditSitePage';
import { SitesPage } from '../pages/sites/SitesPage';
import { UserSettingsPage } from '../pages/user-settings/UserSettingsPage';

/** Signed-in routes of A section 2 open to every user ('/' itself is the HomeRoute). */
export const accountRoutes: RouteObject[] = [
  { path: '/sites', element: <SitesPage /> },
  { path: '/sites/add/site', element: <AddSitePage /> },
  { path: '/sites/edit/:id', element: <EditSitePage /> },
  { path: '/sites/add/user', element: <AssignedUserPage /> },
  { path: '/sites/edit/assign/user/:userId', element: <AssignedUserPage /> },
  { path: '/user/setting', element: <UserSettingsPage /> },
  { path: '/user/setting/notification', element: <AlertRulesPage /> },
  { path: '/user/setting/add/notification', element: <AlertRuleFormPage /> },
  { path: '/user/setting/add/notification/:id', element: <AlertRuleFormPage /> },
  { path: '/devices', element: <DevicesPage /> },
  { path: '/devices/:id', element: <DevicesPage /> },
  { path: '/devices/add/device', element: <DeviceFormPage /> },
  { path: '/devices/edit/device/:id', element: <DeviceFormPage /> },
  // Both spellings are in the spec: /setup2FA/ for the gate, /setup2fa/ from Manage Security.
  { path: '/setup2FA/', caseSensitive: true, element: <SetupTwoFactorPage /> },
  { path: '/setup2fa/', caseSensitive: true, element: <SetupTwoFactorPage /> },
  { path: '/verify2FA/', element: <VerifyTwoFactorPage /> },
  { path: '/feedback', element: <FeedbackPage /> },
];

/** A section 2 'OEM/admin-only routes' (wrapped in StaffOnly). */
export const staffAccountRoutes: RouteObject[] = [
  { path: '/clients', element: <ClientsPage /> },
  { path: '/clients/:search', element: <ClientsPage /> },
  { path: '/clients/add/client', element: <ClientFormPage /> },
  { path: '/clients/add/client/:id', element: <ClientFormPage /> },
  { path: '/oem/setting', element: <OemSettingsPage /> },
  { path: '/oem/hardware', element: <HardwarePage /> },
  { path: '/settings/rss/edit', element: <RssFeedEditPage /> },
  { path: '/settings/oem/contacts', element: <SupportContactsPage /> },
  // A section 2 lists /flatpages/ among the OEM/admin-only routes (visitors are sent to '/').
  { path: '/flatpages/', element: <FlatpagesPage /> },
  { path: '/settings/flatpages', element: <FlatpagesAdminPage /> },
  { path: '/settings/flatpages/add', element: <FlatpageEditorPage /> },
  { path: '/settings/flatpages/edit/:id', element: <FlatpageEditorPage /> },
  // Super users only; OEM users are sent back to the hub by the page itself.
  { path: '/oem/outbox', element: <OutboxPage /> },
];
