import type { MailStatus } from '@vigil/contracts';

/** The status tag of the outbox table: label and antd colour. */
export function mailStatusTag(status: MailStatus): { label: string; color: string } {
  switch (status) {
    case 'sent':
      return { label: 'Sent', color: 'green' };
    case 'failed':
      return { label: 'Failed', color: 'red' };
    default:
      return { label: 'Queued', color: 'gold' };
  }
}

/** Only queued and failed messages can be tried again. */
export function canRetryMail(status: MailStatus): boolean {
  return status === 'queued' || status === 'failed';
}

/** '2026-11-21T08:05:00.000Z' as 'YYYY-MM-DD HH:MM' in the browser's time zone; '' for null. */
export function formatMailTime(iso: string | null, timeZone?: string): string {
  if (iso === null) {
    return '';
  }
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) {
    return '';
  }
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}
