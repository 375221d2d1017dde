import { useQuery } from '@tanstack/react-query';
import { layoutSettingsQuery } from '../api/layout-settings';

/**
 * The OEM layout settings (custom logo, CSS, support contacts) for every page, signed in or not;
 * a failure is not an error for the page: the default logo shows. OEM screens invalidate it on save.
 */
export function useLayoutSettings() {
  return useQuery(layoutSettingsQuery());
}
