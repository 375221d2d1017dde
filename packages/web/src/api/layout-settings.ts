import { api } from './client';

/** The part of `layout-settings/` the web uses now (the logo); the rest is read by the OEM screens. */
export type LayoutSettings = { logo: string | null };

function parseLayoutSettings(data: unknown): LayoutSettings {
  if (typeof data === 'object' && data !== null && 'logo' in data && typeof data.logo === 'string') {
    return { logo: data.logo.trim() === '' ? null : data.logo };
  }
  return { logo: null };
}

/** GET layout-settings/: the custom logo configured by the OEM, if any. */
export function getLayoutSettings(): Promise<LayoutSettings> {
  return api.get('layout-settings/', { parse: parseLayoutSettings });
}
