import { NOTIFICATION_TYPE_LABELS } from '@vigil/contracts';
import type { OutgoingMail } from '../../mail/mailer';
import { portalLink } from '../alert-rules/alert-mail';
import type { NotificationWithPlace } from '../notifications/notifications.repo';
import { formatZonedTime } from '../telemetry/zoned-time';
import { escapeHtml } from '../users/activation';

/** A level told before this one: its number, when, and whom. */
export type ToldBefore = { level: number; at: Date | null; recipients: readonly string[] };

/**
 * Where the e-mail's link goes: the notifications log of the device (of the site, for a row without device) on
 * its Active tab, opening the acknowledgement of this notification (`acknowledge=<id>`).
 */
export function acknowledgePathOf(
  notification: Pick<NotificationWithPlace, 'id' | 'deviceId' | 'locationId'>,
) {
  const log =
    notification.deviceId === null
      ? `/notifications/site/${notification.locationId}`
      : `/notifications/device/${notification.deviceId}`;
  return `${log}?tab=active&acknowledge=${notification.id}`;
}

/** '7 min', '1 h 05 min', '2 d 3 h 10 min': how long the alarm has been active, for a phone's screen. */
export function activeForText(milliseconds: number): string {
  const minutes = Math.max(0, Math.floor(milliseconds / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) {
    return `${days} d ${hours} h ${String(rest).padStart(2, '0')} min`;
  }
  return hours > 0 ? `${hours} h ${String(rest).padStart(2, '0')} min` : `${rest} min`;
}

/**
 * The e-mail of one escalation level (docs/escalation.md), short lines for a phone like the alert e-mail
 * (alert-mail.ts): the level, what is active where (site, device, sensor by its display name, which names the
 * node and network of an F500 sensor), the value, since when (the site's clock, zone named) and for how long,
 * who was told before, and the link that opens the notification to acknowledge it. Text and HTML.
 */
export function escalationMail(input: {
  notification: NotificationWithPlace;
  level: number;
  toldBefore: readonly ToldBefore[];
  to: string;
  now: Date;
  publicUrl: string;
}): OutgoingMail {
  const { notification: n, level } = input;
  const label = NOTIFICATION_TYPE_LABELS[n.eventType];
  const where = [n.locationTitle, n.deviceTitle].filter((part) => part).join(' / ');
  const subject = `[Vigil] Escalation level ${level}: ${label} not acknowledged — ${
    n.sensorName ? `${n.sensorName} at ${where}` : where
  }`;
  const since = formatZonedTime(n.dateCreated, n.timezone);
  const activeFor = activeForText(input.now.getTime() - n.dateCreated.getTime());
  const link = portalLink(input.publicUrl, acknowledgePathOf(n));
  const lines: Array<[string, string | null]> = [
    ['Escalation', `level ${level}`],
    ['Event', label],
    ['Site', n.locationTitle],
    ['Device', n.deviceTitle],
    ['Sensor', n.sensorName],
    ['Value', n.value],
    ['Active since', since],
    ['Active for', `${activeFor}, not acknowledged`],
  ];
  const shown = lines.filter((line): line is [string, string] => line[1] !== null && line[1] !== '');
  const told =
    input.toldBefore.length === 0
      ? ['Nobody was told before this level.']
      : input.toldBefore.map(
          (step) =>
            `Level ${step.level}${step.at === null ? '' : ` (${formatZonedTime(step.at, n.timezone)})`}: ${
              step.recipients.length === 0 ? 'nobody reachable' : step.recipients.join(', ')
            }`,
        );
  const headline = `${n.content} — still active and not acknowledged after ${activeFor}.`;
  const text = [
    headline,
    '',
    ...shown.map(([name, value]) => `${name}: ${value}`),
    '',
    'Told before:',
    ...told.map((line) => `  ${line}`),
    '',
    `Acknowledge: ${link}`,
    '',
    ESCALATION_MAIL_FOOTER,
    '',
  ].join('\n');
  const rows = shown
    .map(
      ([name, value]) =>
        `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const toldHtml = told.map((line) => `<li>${escapeHtml(line)}</li>`).join('');
  const html = `<p style="font-size:16px"><strong>${escapeHtml(headline)}</strong></p><table style="font-size:15px">${rows}</table><p style="font-size:15px">Told before:</p><ul style="font-size:15px">${toldHtml}</ul><p><a href="${escapeHtml(link)}" style="font-size:16px">Open the alarm to acknowledge it</a></p><p style="color:#666;font-size:12px">${escapeHtml(ESCALATION_MAIL_FOOTER)}</p>`;
  return { to: input.to, subject, text, html, kind: 'escalation' };
}

/** The spec's 'not a safety system' line, and why the person receives the e-mail. */
export const ESCALATION_MAIL_FOOTER =
  "Vigil only displays the status of the installed system; it is not a safety system. You receive this e-mail because the site's escalation policy names you.";
