/** Route paths of A section 2 and M section 2 that code links to; route patterns live in the route tables. */
export const PATHS = {
  home: '/',
  feedback: '/feedback',
  clients: '/clients',
  addClient: '/clients/add/client',
  sites: '/sites',
  addSite: '/sites/add/site',
  addAssignedUser: '/sites/add/user',
  devices: '/devices',
  addDevice: '/devices/add/device',
  dashboard: '/dashboard',
  graphs: '/graphs',
  notifications: '/notifications',
  allNotifications: '/notifications/all',
  /** Sidebar target: the full log from now on, which clears the unread flag (A section 2). */
  allNotificationsNow: '/notifications/all?timestamp=now',
  analytics: '/analytics',
  /** The audit trail (issue 27): managers, accounts management, staff. */
  audit: '/audit',
  userSettings: '/user/setting',
  alertRules: '/user/setting/notification',
  addAlertRule: '/user/setting/add/notification',
  setup2fa: '/setup2FA/',
  manageSecurity: '/setup2fa/',
  verify2fa: '/verify2FA/',
  oemSettings: '/oem/setting',
  rssFeedEdit: '/settings/rss/edit',
  supportContacts: '/settings/oem/contacts',
  flatpages: '/flatpages/',
  /** Static pages and their CSS (staff): list and editor. */
  flatpagesAdmin: '/settings/flatpages',
  addFlatpage: '/settings/flatpages/add',
  /** Provisioned hardware units (staff). */
  hardware: '/oem/hardware',
  /** Mail outbox (super users). */
  outbox: '/oem/outbox',
  /** Sidebar target when no site is selected yet: explains that one must be chosen. */
  visualDashboard: '/visual-dashboard',
} as const;

/** The printable proof-test report of a site (beyond the spec; docs/proof-tests.md). */
export function proofTestReportPath(siteId: number): string {
  return `/sites/${siteId}/proof-test-report`;
}

/** A site's escalation policy (issue 27, docs/escalation.md). */
export function escalationPolicyPath(siteId: number): string {
  return `/sites/${siteId}/escalation`;
}

/** A site's shelved sensors (issue 27, docs/shelving.md). */
export function shelvedSensorsPath(siteId: number): string {
  return `/sites/${siteId}/shelved`;
}

export function visualDashboardSchemasPath(siteId: number): string {
  return `/visual-dashboard/site/${siteId}/schemas/`;
}

/** A schema's live view on one of its tabs (M section 2 'Schema details'). */
export function schemaTabPath(siteId: number, schemaId: number, tabId: number): string {
  return `/visual-dashboard/site/${siteId}/schemas/${schemaId}/tabs/${tabId}`;
}

/** The editor of a new schema, or of a new tab of a schema. */
export function newSchemaPath(siteId: number): string {
  return `/visual-dashboard/site/${siteId}/schemas/new`;
}

export function newTabPath(siteId: number, schemaId: number): string {
  return `/visual-dashboard/site/${siteId}/schemas/${schemaId}/new-tab`;
}

/** The editor of a schema's first tab, or of one tab (M section 2 'Visual dashboard' routes). */
export function editSchemaPath(siteId: number, schemaId: number): string {
  return `/visual-dashboard/site/${siteId}/schemas/${schemaId}/edit`;
}

export function editTabPath(siteId: number, schemaId: number, tabId: number): string {
  return `${schemaTabPath(siteId, schemaId, tabId)}/edit`;
}

/** A machine's live 'Detailed View' (M section 2 'Machine details'). */
export function machineDetailsPath(
  siteId: number,
  schemaId: number,
  tabId: number,
  machineId: number,
): string {
  return `${schemaTabPath(siteId, schemaId, tabId)}/machines/${machineId}/`;
}

/** Where a static page is read: the /flatpages/ view with the page's address. */
export function flatpageViewPath(url: string): string {
  // '/' needs no escaping in a query: /flatpages/?url=/terms/ reads better than %2Fterms%2F.
  return `/flatpages/?url=${encodeURIComponent(url).replace(/%2F/gi, '/')}`;
}

export function editFlatpagePath(id: number): string {
  return `/settings/flatpages/edit/${id}`;
}
