import { queryOptions } from '@tanstack/react-query';
import {
  type Flatpage,
  type FlatpageCreate,
  FlatpageListSchema,
  type FlatpagePreview,
  type FlatpagePreviewResult,
  FlatpagePreviewResultSchema,
  FlatpageSchema,
  type FlatpageUpdate,
  type LayoutSettings,
  LayoutSettingsSchema,
  type OemSettingsFormValues,
  type Paginated,
  paginatedSchema,
  type RssFeedEntry,
  type RssFeedItemInput,
  RssFeedPageSchema,
} from '@vigil/contracts';
import { api, apiV2, ignoreBody } from './client';

/** Rows per page of the static pages table. */
export const FLATPAGES_PAGE_SIZE = 20;

/** Query keys of the OEM area; saving invalidates them (and the public layout settings). */
export const oemKeys = {
  settings: () => ['oem', 'settings'] as const,
  rssFeed: () => ['oem', 'rss-feed'] as const,
  /** Every static page query of the admin screens: the table's pages and each page. */
  flatpages: () => ['oem', 'flatpages'] as const,
  flatpageList: (page: number) => [...oemKeys.flatpages(), page] as const,
  flatpage: (id: number) => [...oemKeys.flatpages(), 'one', id] as const,
  flatpagePreview: (input: FlatpagePreview) => ['flatpage-preview', input] as const,
  publicFlatpages: () => ['flatpages', 'public'] as const,
};

export function oemSettingsQuery() {
  return queryOptions({ queryKey: oemKeys.settings(), queryFn: ({ signal }) => getOemSettings(signal) });
}

export function rssFeedQuery() {
  return queryOptions({ queryKey: oemKeys.rssFeed(), queryFn: ({ signal }) => getRssFeed(signal) });
}

/** One page of the static pages table. */
export function flatpagesQuery(page: number) {
  return queryOptions({
    queryKey: oemKeys.flatpageList(page),
    queryFn: ({ signal }) =>
      listFlatpages({ limit: FLATPAGES_PAGE_SIZE, offset: (page - 1) * FLATPAGES_PAGE_SIZE }, signal),
  });
}

export function flatpageQuery(id: number) {
  return queryOptions({ queryKey: oemKeys.flatpage(id), queryFn: ({ signal }) => getFlatpage(id, signal) });
}

export function publicFlatpagesQuery() {
  return queryOptions({
    queryKey: oemKeys.publicFlatpages(),
    queryFn: ({ signal }) => getPublicFlatpages(signal),
  });
}

/** The content as the server would store it, for the editor's live preview. */
export function flatpagePreviewQuery(input: FlatpagePreview) {
  return queryOptions({
    queryKey: oemKeys.flatpagePreview(input),
    queryFn: ({ signal }) => previewFlatpage(input, signal),
  });
}

/** GET oem/settings/: logo, custom CSS and support contacts (super user and OEM). */
export function getOemSettings(signal?: AbortSignal): Promise<LayoutSettings> {
  return api.get('oem/settings/', { parse: LayoutSettingsSchema.parse, signal });
}

/** PATCH oem/settings/: any subset; `logo` as an image data URL, or null for the default logo. */
export function updateOemSettings(values: OemSettingsFormValues): Promise<LayoutSettings> {
  return api.patch('oem/settings/', { body: values, parse: LayoutSettingsSchema.parse });
}

/** DELETE oem/settings/logo/: the default logo is shown again (204). */
export function resetOemLogo(): Promise<void> {
  return api.delete('oem/settings/logo/', { parse: ignoreBody });
}

/** GET oem/rss-feed/: the entries shown to users. */
export async function getRssFeed(signal?: AbortSignal): Promise<RssFeedEntry[]> {
  const page = await api.get('oem/rss-feed/', { parse: RssFeedPageSchema.parse, signal });
  return page.results;
}

/** POST oem/rss-feed/ (201): the whole list replaces the feed (left out or delete: true removed); answers the new list. */
export async function saveRssFeed(items: RssFeedItemInput[]): Promise<RssFeedEntry[]> {
  const page = await api.post('oem/rss-feed/', { body: items, parse: RssFeedPageSchema.parse });
  return page.results;
}

/** GET v2 get-flatpages/: every static page (public). */
export function getPublicFlatpages(signal?: AbortSignal): Promise<Flatpage[]> {
  return apiV2.get('get-flatpages/', { parse: FlatpageListSchema.parse, signal });
}

const FlatpagePageSchema = paginatedSchema(FlatpageSchema);

/** GET v2 flatpages/?limit&offset (super user and OEM). */
export function listFlatpages(
  page: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<Paginated<Flatpage>> {
  return apiV2.get('flatpages/', { query: page, parse: FlatpagePageSchema.parse, signal });
}

export function getFlatpage(id: number, signal?: AbortSignal): Promise<Flatpage> {
  return apiV2.get(`flatpages/${id}/`, { parse: FlatpageSchema.parse, signal });
}

/** POST v2 flatpages/ (201); the server sanitises the content. */
export function createFlatpage(values: FlatpageCreate): Promise<Flatpage> {
  return apiV2.post('flatpages/', { body: values, parse: FlatpageSchema.parse });
}

export function updateFlatpage(id: number, values: FlatpageUpdate): Promise<Flatpage> {
  return apiV2.patch(`flatpages/${id}/`, { body: values, parse: FlatpageSchema.parse });
}

/** DELETE v2 flatpages/{id}/ (204). */
export function deleteFlatpage(id: number): Promise<void> {
  return apiV2.delete(`flatpages/${id}/`, { parse: ignoreBody });
}

/** POST v2 flatpages/preview/: the content as the server would store it (the editor's live preview). */
export function previewFlatpage(
  values: FlatpagePreview,
  signal?: AbortSignal,
): Promise<FlatpagePreviewResult> {
  return apiV2.post('flatpages/preview/', { body: values, parse: FlatpagePreviewResultSchema.parse, signal });
}
