import { queryOptions } from '@tanstack/react-query';
import { type NotificationItem, NotificationItemSchema, NotificationPageSchema } from '@vigil/contracts';
import { api, ignoreBody } from './client';
import { fetchCsv } from './csv-download';

/** The query of notifications/ and export/ as the page sends it (M section 3 'Notification query'). */
export type NotificationListQuery = {
  limit?: number;
  offset?: number;
  search?: string;
  is_active?: boolean;
  date_created_from?: string;
  date_created_to?: string;
  location?: number;
  device?: number;
  event_type?: string;
  ordering?: string;
};

export type NotificationPage = ReturnType<typeof NotificationPageSchema.parse>;

/** Query keys: invalidating `all` refreshes the log and the badge. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  list: (query: NotificationListQuery) => [...notificationKeys.all, 'list', query] as const,
};

export function notificationsQuery(query: NotificationListQuery) {
  return queryOptions({
    queryKey: notificationKeys.list(query),
    queryFn: ({ signal }) => listNotifications(query, signal),
  });
}

/** The header badge's count; each push then carries the new count. */
export function unreadCountQuery() {
  return queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => getUnreadCount(signal),
  });
}

/** GET notifications/: one page of the log (for is_active=true unacknowledged alarms come first). */
export function listNotifications(
  query: NotificationListQuery,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  return api.get('notifications/', { query, parse: NotificationPageSchema.parse, signal });
}

function parseCount(data: unknown): number {
  if (typeof data === 'number' && Number.isInteger(data) && data >= 0) {
    return data;
  }
  throw new Error('active-count/ did not answer a count');
}

/** GET notifications/active-count/: the person's unread count, a bare JSON number (the header badge). */
export function getUnreadCount(signal?: AbortSignal): Promise<number> {
  return api.get('notifications/active-count/', { parse: parseCount, signal });
}

/** POST notifications/read/ (204): everything up to now is read (opening /notifications/all). */
export function markNotificationsRead(): Promise<void> {
  return api.post('notifications/read/', { parse: ignoreBody });
}

/** POST notifications/{id}/acknowledge/: the updated row (beyond the spec; active alarms and warnings only). */
export function acknowledgeNotification(id: number, comment: string): Promise<NotificationItem> {
  return api.post(`notifications/${id}/acknowledge/`, {
    body: { comment },
    parse: NotificationItemSchema.parse,
  });
}

export const EXPORT_FILE_NAME = 'notifications.csv';

/** GET notifications/export/ (fetchCsv: the JWT header, the server's message on a refusal). */
export function fetchNotificationsCsv(query: NotificationListQuery): Promise<Blob> {
  return fetchCsv('notifications/export/', query);
}

/** Saves a blob as a download through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address can go on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
