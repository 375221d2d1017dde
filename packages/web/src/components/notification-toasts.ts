import type { NotificationPush, NotificationPushItem } from '@vigil/contracts';
import { formatSiteTime } from '../time/site-time';

/** A section 9: a toast stays 4 s; a location (site-wide) toast closes after 5000 ms. */
export const TOAST_MS = 4_000;
export const LOCATION_TOAST_MS = 5_000;
/**
 * At most this many toasts stand at once, newest first: the newest in the bottom-right corner, older ones above
 * it, and a fourth pushes out the oldest (the topmost), so alarms of a busy plant do not cover the graph or
 * dashboard being read (issue 23).
 */
export const MAX_TOASTS = 3;

export type NotificationToast = {
  key: string;
  title: string;
  description: string;
  /** When it happened, in its site's zone, labelled ('2026-11-27 22:14:05 CET'); null on a summary. */
  time: string | null;
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
    // The push carries its site's zone: toasts of several sites each read their own plant's clock.
    time: formatSiteTime(item.timestamp * 1000, item.timezone),
    durationMs: isLocationNotification(item) ? LOCATION_TOAST_MS : TOAST_MS,
    color: item.color,
  };
}

/**
 * The toasts of a push in the order to open them (each new one takes the corner): none for an empty push (only
 * the count changed); a push of more than MAX_TOASTS shows its newest MAX_TOASTS − 1 above a summary of the rest.
 * A push lists its notifications oldest first.
 */
export function toastsOf(push: NotificationPush): NotificationToast[] {
  const items = push.notifications;
  if (items.length <= MAX_TOASTS) {
    return items.map(toastOf);
  }
  const kept = items.slice(items.length - (MAX_TOASTS - 1));
  const rest = items.length - kept.length;
  const newest = items.at(-1);
  const summary: NotificationToast = {
    key: `${newest?.key ?? 'push'}-more`,
    title: `${rest} more notification${rest === 1 ? '' : 's'}`,
    description: [push.location, push.device].filter((part) => part !== null).join(' · '),
    time: null,
    durationMs: TOAST_MS,
    color: 'blue',
  };
  return [summary, ...kept.map(toastOf)];
}
