import { useQuery } from '@tanstack/react-query';
import { getSite } from '../../../api/sites';
import { isKnownTimeZone } from '../../../time/site-time';
import { siteQueryKey } from '../../sites/queries';

/** Until the site is read (or if it cannot be), times show in UTC, labelled as such: never the browser's zone. */
const FALLBACK_ZONE = 'UTC';

/** The IANA zone of a site, in which the dashboard shows every time (docs/decisions.md, issue 23). */
export function useSiteTimeZone(siteId: number): string {
  const site = useQuery({
    queryKey: siteQueryKey(siteId),
    queryFn: ({ signal }) => getSite(siteId, signal),
    staleTime: 300_000,
  });
  const zone = site.data?.timezone;
  return zone !== undefined && isKnownTimeZone(zone) ? zone : FALLBACK_ZONE;
}
