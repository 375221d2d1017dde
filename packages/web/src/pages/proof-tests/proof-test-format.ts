import { PROOF_TEST_STATUS_LABELS, type ProofTestStatus } from '@vigil/contracts';

/** A date (ms) in the site's timezone as YYYY-MM-DD, so a printed report reads the same everywhere. */
export function formatSiteDate(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms);
}

/** Date and time (ms) in the site's timezone as YYYY-MM-DD HH:mm. */
export function formatSiteDateTime(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

export const PROOF_TEST_TAG_COLORS: Record<ProofTestStatus, string> = {
  ok: 'green',
  due: 'gold',
  overdue: 'red',
  never: 'volcano',
};

/** The due column: 'now' for a sensor never tested, else the date. */
export function dueText(dueDate: number | null, timeZone: string): string {
  return dueDate === null ? 'Now' : formatSiteDate(dueDate, timeZone);
}

export function statusLabel(status: ProofTestStatus): string {
  return PROOF_TEST_STATUS_LABELS[status];
}
