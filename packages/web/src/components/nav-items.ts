import { isStaff, type Me, mayReadAudit } from '@vigil/contracts';
import { PATHS, visualDashboardSchemasPath } from '../routes/paths';

export type NavKey =
  | 'clients'
  | 'sites'
  | 'devices'
  | 'dashboard'
  | 'graphs'
  | 'notifications'
  | 'email-alerts'
  | 'analytics'
  | 'audit'
  | 'visual-dashboard'
  | 'oem-settings';

export type NavItem = { key: NavKey; label: string; path: string };

type NavUser = Pick<
  Me,
  | 'is_superuser'
  | 'is_oem'
  | 'is_accounts_management'
  | 'is_manager'
  | 'current_location'
  | 'visual_dashboard_enabled'
>;

/** The current site's schemas; otherwise the entry page, which asks for a site first. */
function visualDashboardPathFor(user: NavUser): string {
  if (user.current_location === null) {
    return PATHS.visualDashboard;
  }
  return visualDashboardSchemasPath(user.current_location.id);
}

/** The sidebar of A section 2, in its order, for this user and sidebar state. */
export function buildNavItems(user: NavUser, isCollapsed: boolean): NavItem[] {
  const isStaffUser = isStaff(user);
  const items: Array<NavItem | false> = [
    isStaffUser && { key: 'clients', label: 'Clients', path: PATHS.clients },
    { key: 'sites', label: 'Sites', path: PATHS.sites },
    { key: 'devices', label: 'Devices', path: PATHS.devices },
    { key: 'dashboard', label: 'Sensor Dashboard', path: PATHS.dashboard },
    { key: 'graphs', label: 'Sensor Graphs', path: PATHS.graphs },
    { key: 'notifications', label: 'Notifications', path: PATHS.allNotificationsNow },
    { key: 'email-alerts', label: 'Email Alerts', path: PATHS.alertRules },
    // /analytics is admin-only (M section 2), so the entry would only bounce other users to /sites.
    isStaffUser && { key: 'analytics', label: 'Analytics', path: PATHS.analytics },
    // Issue 27: the audit trail for managers, accounts management and staff (docs/audit.md).
    mayReadAudit(user) && { key: 'audit', label: 'Audit Trail', path: PATHS.audit },
    // M section 2: the visual dashboard exists only with visual_dashboard_enabled (me/).
    user.visual_dashboard_enabled && {
      key: 'visual-dashboard',
      label: 'Visual Dashboard',
      path: visualDashboardPathFor(user),
    },
    isStaffUser && !isCollapsed && { key: 'oem-settings', label: 'OEM Settings', path: PATHS.oemSettings },
  ];
  return items.filter((item): item is NavItem => item !== false);
}

/** First path segment to the sidebar entry it belongs to; other screens highlight nothing. */
const SECTION_KEYS: Record<string, NavKey> = {
  clients: 'clients',
  sites: 'sites',
  devices: 'devices',
  dashboard: 'dashboard',
  edit: 'dashboard',
  graphs: 'graphs',
  notifications: 'notifications',
  analytics: 'analytics',
  audit: 'audit',
  'visual-dashboard': 'visual-dashboard',
  oem: 'oem-settings',
  settings: 'oem-settings',
  flatpages: 'oem-settings',
};

/** The sidebar entry to highlight for a location. */
export function activeNavKey(pathname: string): NavKey | null {
  if (pathname.startsWith('/user/setting/') && pathname.includes('notification')) {
    return 'email-alerts';
  }
  const section = pathname.split('/')[1] ?? '';
  return SECTION_KEYS[section] ?? null;
}
