import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LAYOUT_SETTINGS_QUERY_KEY } from '../../api/layout-settings';
import { getOemSettings, getRssFeed, OEM_QUERY_KEYS } from '../../api/oem';

/** GET oem/settings/ for the OEM screens. */
export function useOemSettings() {
  return useQuery({ queryKey: OEM_QUERY_KEYS.settings, queryFn: ({ signal }) => getOemSettings(signal) });
}

/** GET oem/rss-feed/. */
export function useRssFeed() {
  return useQuery({ queryKey: OEM_QUERY_KEYS.rssFeed, queryFn: ({ signal }) => getRssFeed(signal) });
}

/** After a save: the OEM screens and every page's logo and custom CSS load the new settings. */
export function useRefreshOemSettings() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: OEM_QUERY_KEYS.settings }),
      queryClient.invalidateQueries({ queryKey: LAYOUT_SETTINGS_QUERY_KEY }),
    ]);
  };
}
