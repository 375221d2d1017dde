/**
 * Conversions between instants and wall-clock times of an IANA timezone (site timezones). Reading and writing
 * a site's clock is shared with the screens (@vigil/contracts site-time); what only the server needs, the
 * instant a wall clock names, lives here.
 */
import { type WallClock, wallClockOf, zoneOffsetAt } from '@vigil/contracts';

// The server's callers (graphs, history, notifications, alert e-mails) read the site's clock through this module.
export {
  formatWallClock,
  formatZonedTime,
  type WallClock,
  wallClockOf,
  zoneLabelOf,
} from '@vigil/contracts';

function asUtcMs(clock: WallClock): number {
  return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
}

/**
 * The instant a wall clock of `timeZone` shows. A time skipped by a DST jump maps to the instant after the
 * jump's offset is applied; an ambiguous (repeated) time maps to its first occurrence.
 */
export function instantOf(clock: WallClock, timeZone: string): Date {
  const local = asUtcMs(clock);
  const first = local - zoneOffsetAt(local, timeZone);
  const second = local - zoneOffsetAt(first, timeZone);
  const candidates = [first, second].filter((ms) => asUtcMs(wallClockOf(ms, timeZone)) === local);
  return new Date(candidates.length > 0 ? Math.min(...candidates) : Math.max(first, second));
}
