import { PROOF_TEST_STATUS_LABELS, type ProofTestStatus } from '@vigil/contracts';
import { formatSiteDay, formatSiteMinute } from '../../time/site-time';

export const PROOF_TEST_TAG_COLORS: Record<ProofTestStatus, string> = {
  ok: 'green',
  due: 'gold',
  overdue: 'red',
  never: 'volcano',
};

/** The due column: 'now' for a sensor never tested, else the date at the site (YYYY-MM-DD). */
export function dueText(dueDate: number | null, timeZone: string): string {
  return dueDate === null ? 'Now' : formatSiteDay(dueDate, timeZone);
}

/**
 * The last successful test's time at the site, labelled with its zone (`2026-11-23 21:05 CST`), so a printed
 * report read in another country says whose clock it is; '—' for none.
 */
export function lastTestText(time: number | null, timeZone: string): string {
  return time === null ? '—' : formatSiteMinute(time, timeZone);
}

export function statusLabel(status: ProofTestStatus): string {
  return PROOF_TEST_STATUS_LABELS[status];
}
