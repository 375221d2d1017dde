import { type LayoutSettings, LayoutSettingsSchema } from '@vigil/contracts';
import { api } from './client';

export type { LayoutSettings };

export const LAYOUT_SETTINGS_QUERY_KEY = ['layout-settings'] as const;

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
