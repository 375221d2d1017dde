import { useQuery } from '@tanstack/react-query';
import { listTimezones } from '../../api/sites';

/** Keys of the sites domain's queries; invalidating SITES_QUERY_KEY refreshes every site view. */
export const SITES_QUERY_KEY = ['sites'] as const;
export const ASSIGNED_USERS_QUERY_KEY = ['assigned-users'] as const;

export function siteQueryKey(id: number) {
  return [...SITES_QUERY_KEY, 'one', id] as const;
}

export function assignedUserQueryKey(id: number) {
  return [...ASSIGNED_USERS_QUERY_KEY, 'one', id] as const;
}

/** GET timezones/, fetched once per session. */
export function useTimezones() {
  return useQuery({
    queryKey: ['timezones'],
    queryFn: ({ signal }) => listTimezones(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
