import { useQuery } from '@tanstack/react-query';
import { getLayoutSettings } from '../api/layout-settings';

/** The OEM layout settings (custom logo); a failure is not an error for the page, the default logo shows. */
export function useLayoutSettings() {
  return useQuery({
    queryKey: ['layout-settings'],
    queryFn: getLayoutSettings,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
