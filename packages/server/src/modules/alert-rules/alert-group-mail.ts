import { NOTIFICATION_TYPE_LABELS } from '@vigil/contracts';
import type { OutgoingMail } from '../../mail/mailer';
import type { NotificationWithPlace } from '../notifications/notifications.repo';
import { escapeHtml } from '../users/activation';
import {
  ALERT_MAIL_FOOTER_HTML,
  type AlertReason,
  alertMail,
  portalLink,
  stateTextOf,
  zonedTimeOf,
} from './alert-mail';

/** Alerts an e-mail lists; the rest are counted ('and 480 more'), so a flood makes one readable e-mail. */
export const GROUP_MAIL_LIST_LIMIT = 20;

export type GroupedAlert = { notification: NotificationWithPlace; reason: AlertReason };

/** 'alarms' when every alert is an alarm raised, 'warnings' likewise, else 'alerts'. */
function nounOf(alerts: readonly GroupedAlert[]): string {
  const types = new Set(alerts.map((alert) => alert.notification.eventType));
  if (types.size === 1 && types.has('alarm_on')) {
    return 'alarms';
  }
  return types.size === 1 && types.has('warning_on') ? 'warnings' : 'alerts';
}

/** One listed alert: what and which sensor (display name: node and network), then device, value, time, state. */
function lineOf({ notification, reason }: GroupedAlert): { title: string; details: string } {
  const label = `${reason.kind === 'now' ? '' : 'Still active: '}${NOTIFICATION_TYPE_LABELS[notification.eventType]}`;
  const title = notification.sensorName ? `${label} — ${notification.sensorName}` : notification.content;
  const details = [
    notification.deviceTitle ? `Device: ${notification.deviceTitle}` : null,
    notification.value ? `Value: ${notification.value}` : null,
    zonedTimeOf(notification),
    stateTextOf(notification),
  ].filter((part): part is string => part !== null);
  return { title, details: details.join(' · ') };
}

/**
 * The one e-mail of a group of alerts of one site (docs/alert-rules.md 'Grouping'). A group of one is the
 * single alert e-mail; more make '[Vigil] <n> alarms at <site>' listing the first GROUP_MAIL_LIST_LIMIT in the
 * order they happened and counting the rest, with a link to the site's notifications. Null for no alerts.
 */
export function alertGroupMail(
  alerts: readonly GroupedAlert[],
  to: string,
  publicUrl: string,
): OutgoingMail | null {
  const [first] = alerts;
  if (first === undefined) {
    return null;
  }
  if (alerts.length === 1) {
    return alertMail(first.notification, first.reason, to, publicUrl);
  }
  const site = first.notification.locationTitle;
  const headline = `${alerts.length} ${nounOf(alerts)} at ${site}`;
  const listed = alerts.slice(0, GROUP_MAIL_LIST_LIMIT).map(lineOf);
  const more = alerts.length - listed.length;
  const moreText = more > 0 ? `and ${more} more.` : null;
  const link = portalLink(publicUrl, `/notifications/site/${first.notification.locationId}`);
  const text = [
    `${headline}.`,
    '',
    ...listed.flatMap((line) => [`- ${line.title}`, `  ${line.details}`]),
    ...(moreText === null ? [] : ['', moreText]),
    '',
    `Notifications: ${link}`,
    '',
  ].join('\n');
  const items = listed
    .map(
      (line) =>
        `<li style="margin-bottom:8px"><strong>${escapeHtml(line.title)}</strong><br>${escapeHtml(line.details)}</li>`,
    )
    .join('');
  const html = `<p style="font-size:16px"><strong>${escapeHtml(headline)}</strong></p><ul style="font-size:15px;padding-left:18px">${items}</ul>${moreText === null ? '' : `<p>${escapeHtml(moreText)}</p>`}<p><a href="${escapeHtml(link)}" style="font-size:16px">Open the notifications of ${escapeHtml(site)}</a></p>${ALERT_MAIL_FOOTER_HTML}`;
  return { to, subject: `[Vigil] ${headline}`, text, html, kind: 'alert' };
}
