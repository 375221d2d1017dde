import {
  type SHELVE_DURATION_CHOICES,
  SHELVING_MESSAGES,
  type Shelf,
  type ShelveBody,
  shelveReasonProblems,
  shelveUntilProblems,
} from '@vigil/contracts';
import { formatSiteMinute, parseSiteTime } from '../../time/site-time';

/**
 * The 'Shelve alarms…' dialog's draft (issue 27, docs/shelving.md): a duration (1 h, 4 h, 8 h, 24 h) or a time at
 * the site ('YYYY-MM-DD HH:mm' in the site's zone), and a required reason. Checked with the server's rules.
 */
export type ShelveDuration = (typeof SHELVE_DURATION_CHOICES)[number] | 'until';
export type ShelveDraft = { duration: ShelveDuration; untilText: string; reason: string };

export const EMPTY_SHELVE_DRAFT: ShelveDraft = { duration: 60, untilText: '', reason: '' };

export const DURATION_LABELS: Record<ShelveDuration, string> = {
  60: '1 hour',
  240: '4 hours',
  480: '8 hours',
  1440: '24 hours',
  until: 'Until a time',
};

export const UNTIL_FORMAT_MESSAGE = 'Enter the time as YYYY-MM-DD HH:mm (the site’s time).';

/** What the draft asks the server for, or the problems to show first. */
export function shelveRequestOf(
  draft: ShelveDraft,
  sensor: { deviceId: number; fullId: string },
  timeZone: string,
  now: number,
): { body: ShelveBody } | { problems: string[] } {
  const problems = [...shelveReasonProblems(draft.reason)];
  let when: Pick<ShelveBody, 'minutes' | 'until'> = {
    minutes: draft.duration === 'until' ? 0 : draft.duration,
  };
  if (draft.duration === 'until') {
    const until = parseSiteTime(draft.untilText.trim(), timeZone);
    if (until === null) {
      problems.push(UNTIL_FORMAT_MESSAGE);
    } else {
      problems.push(...shelveUntilProblems(new Date(until), new Date(now)));
      when = { until: new Date(until).toISOString() };
    }
  }
  if (problems.length > 0) {
    return { problems };
  }
  return {
    body: { device: sensor.deviceId, sensor_id: sensor.fullId, reason: draft.reason.trim(), ...when },
  };
}

/** A shelf's end at the site, with the zone named: 'until 2026-11-28 18:00 CET'. */
export function shelvedUntilText(shelf: Pick<Shelf, 'until'>, timeZone: string): string {
  return `until ${formatSiteMinute(Date.parse(shelf.until), timeZone)}`;
}

/** The card's and the list's one line about a shelf: 'Shelved until … by Ann Lee: Hot work on leg 2'. */
export function shelfSummary(
  shelf: Pick<Shelf, 'until' | 'shelved_by' | 'reason'>,
  timeZone: string,
): string {
  return `Shelved ${shelvedUntilText(shelf, timeZone)} by ${shelf.shelved_by}: ${shelf.reason}`;
}

export { SHELVING_MESSAGES };
