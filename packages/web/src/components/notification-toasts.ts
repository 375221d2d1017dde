import type { NotificationPush, NotificationPushItem } from '@vigil/contracts';

/** A section 9: a toast stays 4 s; a location (site-wide) toast closes after 5000 ms. */
export const TOAST_MS = 4_000;
export const LOCATION_TOAST_MS = 5_000;
/** A push of many rows (a device coming back with a backlog) shows this many toasts and a summary. */
export const MAX_TOASTS_PER_PUSH = 3;

export type NotificationToast = {
  key: string;
  title: string;
  description: string;
  durationMs: number;
  /** The row colour class of the push ('red', 'amber', 'green', 'blue'). */
  color: NotificationPushItem['color'];
};

/** A location toast: a notification about the site itself, with no device (e.g. Site administration). */
export function isLocationNotification(item: NotificationPushItem): boolean {
  return item.device_pk === null;
}

function placeOf(item: NotificationPushItem): string {
  return [item.location, item.device, item.sensor_name]
    .filter((part) => part !== null && part !== '')
    .join(' · ');
}

export function toastOf(item: NotificationPushItem): NotificationToast {
  const place = placeOf(item);
  return {
    key: item.key,
    title: item.event_type,
    description: place === '' ? item.content : `${place}: ${item.content}`,
    durationMs: isLocationNotification(item) ? LOCATION_TOAST_MS : TOAST_MS,
    color: item.color,
  };
}

/** The toasts of a push: none for an empty one (only the count changed), at most MAX_TOASTS_PER_PUSH + 1. */
export function toastsOf(push: NotificationPush): NotificationToast[] {
  const shown = push.notifications.slice(0, MAX_TOASTS_PER_PUSH).map(toastOf);
  const rest = push.notifications.length - shown.length;
  if (rest > 0) {
    const first = push.notifications[0];
    shown.push({
      key: `${first?.key ?? 'push'}-more`,
      title: `${rest} more notification${rest === 1 ? '' : 's'}`,
      description: [push.location, push.device].filter((part) => part !== null).join(' · '),
      durationMs: TOAST_MS,
      color: 'blue',
    });
  }
  return shown;
}
