import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';

const AlertRuleFormPage = lazyPage(
  () => import('../pages/alert-rules/AlertRuleFormPage'),
  'AlertRuleFormPage',
);
const AlertRulesPage = lazyPage(() => import('../pages/alert-rules/AlertRulesPage'), 'AlertRulesPage');
const ClientFormPage = lazyPage(() => import('../pages/clients/ClientFormPage'), 'ClientFormPage');
const ClientsPage = lazyPage(() => import('../pages/clients/ClientsPage'), 'ClientsPage');
const DeviceFormPage = lazyPage(() => import('../pages/devices/DeviceFormPage'), 'DeviceFormPage');
const DevicesPage = lazyPage(() => import('../pages/devices/DevicesPage'), 'DevicesPage');
const EscalationPolicyPage = lazyPage(
  () => import('../pages/escalation/EscalationPolicyPage'),
  'EscalationPolicyPage',
);
const ShelvedSensorsPage = lazyPage(
  () => import('../pages/shelving/ShelvedSensorsPage'),
  'ShelvedSensorsPage',
);
const FeedbackPage = lazyPage(() => import('../pages/feedback/FeedbackPage'), 'FeedbackPage');
const FlatpageEditorPage = lazyPage(() => import('../pages/oem/FlatpageEditorPage'), 'FlatpageEditorPage');
const FlatpagesAdminPage = lazyPage(() => import('../pages/oem/FlatpagesAdminPage'), 'FlatpagesAdminPage');
const FlatpagesPage = lazyPage(() => import('../pages/oem/FlatpagesPage'), 'FlatpagesPage');
const HardwarePage = lazyPage(() => import('../pages/oem/HardwarePage'), 'HardwarePage');
const OemSettingsPage = lazyPage(() => import('../pages/oem/OemSettingsPage'), 'OemSettingsPage');
const OutboxPage = lazyPage(() => import('../pages/oem/OutboxPage'), 'OutboxPage');
const RssFeedEditPage = lazyPage(() => import('../pages/oem/RssFeedEditPage'), 'RssFeedEditPage');
const SupportContactsPage = lazyPage(() => import('../pages/oem/SupportContactsPage'), 'SupportContactsPage');
const SetupTwoFactorPage = lazyPage(
  () => import('../pages/security/SetupTwoFactorPage'),
  'SetupTwoFactorPage',
);
const VerifyTwoFactorPage = lazyPage(
  () => import('../pages/security/VerifyTwoFactorPage'),
  'VerifyTwoFactorPage',
);
const AddSitePage = lazyPage(() => import('../pages/sites/AddSitePage'), 'AddSitePage');
const AssignedUserPage = lazyPage(() => import('../pages/sites/AssignedUserPage'), 'AssignedUserPage');
const EditSitePage = lazyPage(() => import('../pages/sites/EditSitePage'), 'EditSitePage');
const SitesPage = lazyPage(() => import('../pages/sites/SitesPage'), 'SitesPage');
const ProofTestReportPage = lazyPage(
  () => import('../pages/proof-tests/ProofTestReportPage'),
  'ProofTestReportPage',
);
const UserSettingsPage = lazyPage(
  () => import('../pages/user-settings/UserSettingsPage'),
  'UserSettingsPage',
);

/** Signed-in routes of A section 2 open to every user ('/' itself is the HomeRoute). */
export const accountRoutes: RouteObject[] = [
  { path: '/sites', element: <SitesPage /> },
  { path: '/sites/add/site', element: <AddSitePage /> },
  { path: '/sites/edit/:id', element: <EditSitePage /> },
  { path: '/sites/add/user', element: <AssignedUserPage /> },
  { path: '/sites/:siteId/proof-test-report', element: <ProofTestReportPage /> },
  { path: '/sites/:siteId/escalation', element: <EscalationPolicyPage /> },
  { path: '/sites/:siteId/shelved', element: <ShelvedSensorsPage /> },
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
