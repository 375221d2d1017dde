import { useQuery, useQueryClient } from '@tanstack/react-query';
import { layoutSettingsKeys } from '../../api/layout-settings';
import { oemKeys, oemSettingsQuery, rssFeedQuery } from '../../api/oem';

/** GET oem/settings/ for the OEM screens. */
export function useOemSettings() {
  return useQuery(oemSettingsQuery());
}

/** GET oem/rss-feed/. */
export function useRssFeed() {
  return useQuery(rssFeedQuery());
}

/** After a save: the OEM screens and every page's logo and custom CSS load the new settings. */
export function useRefreshOemSettings() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: oemKeys.settings() }),
      queryClient.invalidateQueries({ queryKey: layoutSettingsKeys.all }),
    ]);
  };
}
