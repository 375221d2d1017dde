/**
 * The 'View all' links of the live views (M section 2 'Machine details'): the site's notifications page, and for
 * maintenance filtered to type maintenance. The notifications page reads its type filter from `event_type`
 * (notification-filters.ts), and maintenance records are never active, so the link opens the Historical tab.
 */

export function siteNotificationsPath(siteId: number): string {
  return `/notifications/site/${siteId}`;
}

export function siteMaintenancePath(siteId: number): string {
  return `${siteNotificationsPath(siteId)}?event_type=maintenance&tab=historical`;
}
