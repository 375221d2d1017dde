import { NOTIFICATION_TYPE_LABELS } from '@vigil/contracts';
import type { OutgoingMail } from '../../mail/mailer';
import { dashboardPathOf } from '../notifications/notification-items';
import type { NotificationWithPlace } from '../notifications/notifications.repo';
import { formatZonedTime } from '../telemetry/zoned-time';
import { escapeHtml } from '../users/activation';

/** Why the e-mail is sent: at once, still on after a wait (since the notification's time), or the n-th reminder. */
export type AlertReason = { kind: 'now' } | { kind: 'still-on' } | { kind: 'reminder'; count: number };

/**
 * The alert e-mail (docs/alert-rules.md 'E-mail'): short lines a person reads on a phone — what happened, where
 * (site, device, sensor by its configured name), the reading, whether it is still on, when (the site's
 * timezone) and a link to the device's dashboard.
 */
export function alertMail(
  notification: NotificationWithPlace,
  reason: AlertReason,
  to: string,
  publicUrl: string,
): OutgoingMail {
  const label = NOTIFICATION_TYPE_LABELS[notification.eventType];
  const where = [notification.locationTitle, notification.deviceTitle].filter((part) => part).join(' / ');
  const subjectTail = notification.sensorName ? `${notification.sensorName} at ${where}` : where;
  const prefix = reason.kind === 'now' ? '' : 'Still active: ';
  const subject = `[Vigil] ${prefix}${label} — ${subjectTail}`;
  const time = zonedTimeOf(notification);
  const link = portalLink(publicUrl, dashboardPathOf(notification.deviceId));
  const state = stateTextOf(notification);
  const lines: Array<[string, string | null]> = [
    ['Event', label],
    ['Site', notification.locationTitle],
    ['Device', notification.deviceTitle],
    ['Sensor', notification.sensorName],
    ['Value', notification.value],
    ['State', state],
    ['Time', time],
  ];
  const shown = lines.filter((line): line is [string, string] => line[1] !== null && line[1] !== '');
  const why =
    reason.kind === 'now'
      ? notification.content
      : reason.kind === 'still-on'
        ? `${notification.content} — not cleared since ${time}.`
        : `${notification.content} — reminder ${reason.count}: still not cleared.`;
  const text = [
    why,
    '',
    ...shown.map(([name, value]) => `${name}: ${value}`),
    '',
    `Dashboard: ${link}`,
    '',
  ].join('\n');
  const rows = shown
    .map(
      ([name, value]) =>
        `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = `<p style="font-size:16px"><strong>${escapeHtml(why)}</strong></p><table style="font-size:15px">${rows}</table><p><a href="${escapeHtml(link)}" style="font-size:16px">Open the dashboard</a></p>${ALERT_MAIL_FOOTER_HTML}`;
  return { to, subject, text, html, kind: 'alert' };
}

/** The spec's 'not a safety system' line and why the person receives the e-mail. */
export const ALERT_MAIL_FOOTER_HTML =
  '<p style="color:#666;font-size:12px">Vigil only displays the status of the installed system; it is not a safety system. You receive this e-mail because of an e-mail alert rule in your Vigil settings.</p>';

/** When it happened, on the site's clock with the zone named as the screens name it: '2026-11-27 10:00:01 CET'. */
export function zonedTimeOf(notification: Pick<NotificationWithPlace, 'dateCreated' | 'timezone'>): string {
  return formatZonedTime(notification.dateCreated, notification.timezone);
}

/** Still active, cleared at (the site's clock, its zone named), or recorded for an instant. */
export function stateTextOf(
  notification: Pick<NotificationWithPlace, 'isActive' | 'dateCleared' | 'timezone'>,
): string {
  if (notification.isActive) {
    return 'Still active';
  }
  return notification.dateCleared !== null
    ? `Cleared at ${formatZonedTime(notification.dateCleared, notification.timezone)}`
    : 'Recorded';
}

/** An absolute link to a path of the web app. */
export function portalLink(publicUrl: string, path: string): string {
  return new URL(path.replace(/^\//, ''), publicUrl).toString();
}
