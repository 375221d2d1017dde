import {
  SHELVE_MAX_MINUTES,
  SHELVES_PER_SITE_MAX,
  SHELVING_MESSAGES,
  type ShelveBody,
  shelveUntilProblems,
} from '@vigil/contracts';

/**
 * The rules of a shelf (docs/shelving.md), pure: when it ends, whether a sensor was shelved at a moment, and
 * whether a site has room for one more.
 */

const MINUTE_MS = 60_000;

/** When the shelf asked for ends, or the messages of its 400 (field → messages). */
export function shelfEnd(
  body: Pick<ShelveBody, 'minutes' | 'until'>,
  now: Date,
): { until: Date } | { problems: Record<string, string[]> } {
  if (body.minutes !== undefined) {
    return { until: new Date(now.getTime() + Math.min(body.minutes, SHELVE_MAX_MINUTES) * MINUTE_MS) };
  }
  const until = new Date(body.until ?? '');
  const problems = shelveUntilProblems(until, now);
  return problems.length > 0 ? { problems: { until: problems } } : { until };
}

/** A site may hold 500 active shelves; replacing a sensor's own shelf takes no new room. */
export function siteLimitProblem(activeAtSite: number, replacesOne: boolean): string | null {
  return activeAtSite - (replacesOne ? 1 : 0) >= SHELVES_PER_SITE_MAX
    ? SHELVING_MESSAGES.tooManyShelves
    : null;
}

export type ShelfSpan = {
  deviceId: number;
  sensorId: string;
  shelvedAt: Date;
  until: Date;
  unshelvedAt: Date | null;
};

/** The sensor was shelved at `at`: from shelved_at (included) to the earlier of until and unshelved_at. */
export function isShelvedAt(
  shelves: readonly ShelfSpan[],
  probe: { deviceId: number; sensorId: string; at: Date },
): boolean {
  const at = probe.at.getTime();
  return shelves.some(
    (shelf) =>
      shelf.deviceId === probe.deviceId &&
      shelf.sensorId === probe.sensorId &&
      shelf.shelvedAt.getTime() <= at &&
      at < shelf.until.getTime() &&
      (shelf.unshelvedAt === null || at < shelf.unshelvedAt.getTime()),
  );
}
