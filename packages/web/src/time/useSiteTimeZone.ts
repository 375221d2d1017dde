import { useCurrentUser } from '../hooks/useCurrentUser';
import { isKnownTimeZone } from './site-time';

/** The zone a page shows when no site is current: the browser's, still labelled wherever it is used. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The current site's IANA zone (me/'s current_location), in which a page about the site shows every time. */
export function useSiteTimeZone(): string {
  const zone = useCurrentUser().current_location?.timezone;
  return zone !== undefined && isKnownTimeZone(zone) ? zone : browserTimeZone();
}
