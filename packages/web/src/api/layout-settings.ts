import { queryOptions } from '@tanstack/react-query';
import { type LayoutSettings, LayoutSettingsSchema } from '@vigil/contracts';
import { api } from './client';

export type { LayoutSettings };

/** Query key of the public layout settings; the OEM screens invalidate it on save. */
export const layoutSettingsKeys = { all: ['layout-settings'] as const };

/**
 * The layout settings for every page, signed in or not; kept until an OEM screen saves, and a failure is not
 * retried (the default logo shows).
 */
export function layoutSettingsQuery() {
  return queryOptions({
    queryKey: layoutSettingsKeys.all,
    queryFn: getLayoutSettings,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

const DEFAULT_LAYOUT_SETTINGS: LayoutSettings = {
  logo: null,
  css: '',
  support_address: '',
  support_phone: '',
  support_email: '',
};

/** An unexpected answer falls back to the defaults: the page then shows the default logo and no custom CSS. */
function parseLayoutSettings(data: unknown): LayoutSettings {
  const parsed = LayoutSettingsSchema.safeParse(data);
  if (!parsed.success) {
    return DEFAULT_LAYOUT_SETTINGS;
  }
  const logo = parsed.data.logo?.trim() ?? '';
  return { ...parsed.data, logo: logo === '' ? null : logo };
}

/** GET layout-settings/ (public): the OEM's logo, custom CSS and support contacts. */
export function getLayoutSettings(): Promise<LayoutSettings> {
  return api.get('layout-settings/', { parse: parseLayoutSettings });
}
