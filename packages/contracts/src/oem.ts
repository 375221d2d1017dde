import { z } from 'zod';
import { IdSchema, paginatedSchema } from './common';

/** Texts of A sections 2, 5 and 8 for the OEM area; the ones the spec leaves open are ours. */
export const OEM_MESSAGES = {
  loadError: 'An error has occurred, check your internet connection!',
  tooLong: 'Ensure this field has no more than 255 characters',
  emailInvalid: 'The input is not valid E-mail!',
  cssTooLarge: 'Custom styling must be at most 100 KB.',
  settingsSaved: 'Support contacts saved successfully',
  logoSaved: 'Logo saved successfully',
  logoReset: 'The default logo is used again',
  confirmLogoReset: 'Please confirm you want to use the default logo',
  rssSaved: 'RSS feeds saved successfully',
  rssListExpected: 'Expected a list of RSS entries.',
  rssTooMany: 'At most 100 RSS entries are allowed.',
  rssUnknownEntry: 'This RSS entry no longer exists; reload the page.',
} as const;

/** Messages of the logo upload (A section 2 'OEM settings'). */
export const LOGO_MESSAGES = {
  fileRequired: 'Please choose a logo file.',
  invalidType: 'The logo must be a PNG, JPEG, WEBP, GIF or SVG image.',
  tooLarge: 'The logo must be at most 512 KB.',
  invalidDataUrl: 'The logo must be an image data URL.',
  svgUnsafe: 'The SVG logo could not be made safe; export it again as plain SVG or PNG.',
} as const;

export const RSS_MESSAGES = {
  titleRequired: 'Please input your title',
  descriptionRequired: 'Please input your description',
  urlRequired: 'Please input your url',
  urlInvalid: 'The input is not valid URL!',
  titleTooLong: 'Ensure this field has no more than 255 characters',
  descriptionTooLong: 'Ensure this field has no more than 1000 characters',
  urlTooLong: 'Ensure this field has no more than 2000 characters',
} as const;

export const FLATPAGE_MESSAGES = {
  urlRequired: 'Please input your url',
  urlLeadingSlash: 'URL is missing a leading slash.',
  urlTrailingSlash: 'URL is missing a trailing slash.',
  urlCharacters:
    'This value must contain only letters, numbers, dots, underscores, dashes, slashes or tildes.',
  urlTooLong: 'Ensure this field has no more than 100 characters',
  urlTaken: 'A static page with this URL already exists.',
  titleRequired: 'Please input your title',
  titleTooLong: 'Ensure this field has no more than 200 characters',
  contentTooLong: 'The content must be at most 200000 characters.',
  confirmDelete: 'Please confirm you want to delete this page',
  added: 'Page added successfully',
  updated: 'Page updated successfully',
  removed: 'Page removed successfully',
  empty: 'There are no static pages yet.',
  notFound: 'This page does not exist.',
} as const;

/** Why custom CSS is refused: it could break out of its <style> element, run script or load from elsewhere. */
export const CSS_MESSAGES = {
  lessThan: "CSS may not contain the character '<' (write \\3c in strings).",
  importRule: 'CSS may not contain @import.',
  expression: 'CSS may not contain expression().',
  scriptUrl: 'CSS may not contain javascript: or vbscript: addresses.',
  binding: 'CSS may not use behavior, -moz-binding or IE filters.',
  url: 'CSS may load images only from https: addresses or data:image/ URLs.',
  braces: 'CSS braces { } are not balanced.',
} as const;

export const OEM_TEXT_MAX_LENGTH = 255;
/** Custom styling (global and per page) is at most 100 KB. */
export const CSS_MAX_LENGTH = 100 * 1024;
export const LOGO_MAX_BYTES = 512 * 1024;
export const RSS_MAX_ENTRIES = 100;
export const FLATPAGE_TITLE_MAX_LENGTH = 200;
export const FLATPAGE_URL_MAX_LENGTH = 100;
export const FLATPAGE_CONTENT_MAX_LENGTH = 200_000;
/** The logo types the server accepts (checked by magic bytes, not by name). */
export const LOGO_MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/svg+xml',
] as const;

const EMAIL = z.email();
const HTTP_URL = z.url({ protocol: /^https?$/, hostname: /^[^\s]+$/ });

/** PATCH text: trimmed, null becomes ''. */
function patchText(maxLength: number, message: string) {
  return z
    .string()
    .trim()
    .max(maxLength, message)
    .nullish()
    .transform((value) => (value === null ? '' : value));
}

/** GET layout-settings/ and oem/settings/ (wire-formats.md 'OEM'). */
export const LayoutSettingsSchema = z.object({
  logo: z.string().nullable().describe('The custom logo as a data URL, or null for the default logo'),
  css: z.string().describe('Custom styling applied to every page'),
  support_address: z.string().describe('Support postal address'),
  support_phone: z.string().describe('Support phone number'),
  support_email: z.string().describe('Support e-mail address'),
});
export type LayoutSettings = z.infer<typeof LayoutSettingsSchema>;

/** PATCH oem/settings/: any subset; the logo as an image data URL, or null for the default. */
export const OemSettingsPatchSchema = z.object({
  logo: z
    .string()
    // The decoded size is checked by the server; this only bounds the text (base64 or percent-encoded).
    .max(3 * LOGO_MAX_BYTES, LOGO_MESSAGES.tooLarge)
    .nullish()
    .describe('Image data URL (PNG, JPEG, WEBP, GIF or SVG, at most 512 KB); null or "" for the default'),
  css: z
    .string()
    .max(CSS_MAX_LENGTH, OEM_MESSAGES.cssTooLarge)
    .nullish()
    .transform((value) => (value === null ? '' : value))
    .describe('Custom styling (CSS, at most 100 KB)'),
  support_address: patchText(OEM_TEXT_MAX_LENGTH, OEM_MESSAGES.tooLong).describe('Support postal address'),
  support_phone: patchText(OEM_TEXT_MAX_LENGTH, OEM_MESSAGES.tooLong).describe('Support phone number'),
  support_email: patchText(254, OEM_MESSAGES.emailInvalid)
    .refine(
      (value) => value === undefined || value === '' || EMAIL.safeParse(value).success,
      OEM_MESSAGES.emailInvalid,
    )
    .describe('Support e-mail address'),
});
export type OemSettingsPatch = z.infer<typeof OemSettingsPatchSchema>;
export type OemSettingsFormValues = z.input<typeof OemSettingsPatchSchema>;

/** An http(s) address, as RSS entries and links need. */
export function isHttpUrl(value: string): boolean {
  return HTTP_URL.safeParse(value).success;
}

/** One RSS feed entry as listed by GET oem/rss-feed/. */
export const RssFeedEntrySchema = z.object({
  id: z.number().int().describe('Entry id'),
  title: z.string().describe('Headline'),
  description: z.string().describe('Short text'),
  url: z.string().describe('Link (http or https)'),
});
export type RssFeedEntry = z.infer<typeof RssFeedEntrySchema>;
/** GET (and POST's answer) oem/rss-feed/: `{count, next, previous, results}`, every entry on one page. */
export const RssFeedPageSchema = paginatedSchema(RssFeedEntrySchema);

function optionalEntryText() {
  return z.string().trim().nullish().describe('Required unless the entry is deleted');
}

/**
 * One item of POST oem/rss-feed/ (the whole list, which replaces the feed: entries left out are removed):
 * with id it updates that entry, without id it creates one, with `delete: true` it removes the entry. Title, description and url are required unless deleting.
 */
export const RssFeedItemInputSchema = z
  .object({
    id: IdSchema.optional().describe('Id of an existing entry; absent for a new one'),
    title: optionalEntryText(),
    description: optionalEntryText(),
    url: optionalEntryText(),
    delete: z.boolean().optional().describe('true removes the entry with this id'),
  })
  .superRefine((item, context) => {
    if (item.delete === true) {
      return;
    }
    const requireField = (
      field: 'title' | 'description' | 'url',
      message: string,
      max: number,
      tooLong: string,
    ) => {
      const value = item[field] ?? '';
      if (value === '') {
        context.addIssue({ code: 'custom', path: [field], message });
      } else if (value.length > max) {
        context.addIssue({ code: 'custom', path: [field], message: tooLong });
      }
    };
    requireField('title', RSS_MESSAGES.titleRequired, 255, RSS_MESSAGES.titleTooLong);
    requireField('description', RSS_MESSAGES.descriptionRequired, 1000, RSS_MESSAGES.descriptionTooLong);
    requireField('url', RSS_MESSAGES.urlRequired, 2000, RSS_MESSAGES.urlTooLong);
    const url = item.url ?? '';
    if (url !== '' && url.length <= 2000 && !isHttpUrl(url)) {
      context.addIssue({ code: 'custom', path: ['url'], message: RSS_MESSAGES.urlInvalid });
    }
  });
export type RssFeedItemInput = z.infer<typeof RssFeedItemInputSchema>;

export const RssFeedSaveSchema = z
  .array(RssFeedItemInputSchema, { error: OEM_MESSAGES.rssListExpected })
  .max(RSS_MAX_ENTRIES, OEM_MESSAGES.rssTooMany)
  .describe('The whole list of entries, in display order');
export type RssFeedSave = z.infer<typeof RssFeedSaveSchema>;

/** Django flatpage URL rules: '/terms/' style, a limited character set. */
const flatpageUrl = z
  .string({ error: FLATPAGE_MESSAGES.urlRequired })
  .trim()
  .min(1, FLATPAGE_MESSAGES.urlRequired)
  .max(FLATPAGE_URL_MAX_LENGTH, FLATPAGE_MESSAGES.urlTooLong)
  .superRefine((value, context) => {
    if (value === '') {
      return;
    }
    if (!/^[-\w/.~]+$/.test(value)) {
      context.addIssue({ code: 'custom', message: FLATPAGE_MESSAGES.urlCharacters });
    } else if (!value.startsWith('/')) {
      context.addIssue({ code: 'custom', message: FLATPAGE_MESSAGES.urlLeadingSlash });
    } else if (!value.endsWith('/')) {
      context.addIssue({ code: 'custom', message: FLATPAGE_MESSAGES.urlTrailingSlash });
    }
  })
  .describe("Address of the page, e.g. '/terms/'");

const flatpageFields = {
  url: flatpageUrl,
  title: z
    .string({ error: FLATPAGE_MESSAGES.titleRequired })
    .trim()
    .min(1, FLATPAGE_MESSAGES.titleRequired)
    .max(FLATPAGE_TITLE_MAX_LENGTH, FLATPAGE_MESSAGES.titleTooLong)
    .describe('Page title'),
  content: z
    .string()
    .max(FLATPAGE_CONTENT_MAX_LENGTH, FLATPAGE_MESSAGES.contentTooLong)
    .nullish()
    .transform((value) => value ?? '')
    .describe('HTML; sanitised by the server (no scripts, event handlers, iframes or javascript: links)'),
  css: z
    .string()
    .max(CSS_MAX_LENGTH, OEM_MESSAGES.cssTooLarge)
    .nullish()
    .transform((value) => value ?? '')
    .describe(
      'CSS of this page, scoped to it by the viewer; refused if it could load script or escape its <style>',
    ),
};

/** A static page as the server answers it (content already sanitised). */
export const FlatpageSchema = z.object({
  id: z.number().int().describe('Page id'),
  url: z.string().describe("Address, e.g. '/terms/'"),
  title: z.string().describe('Page title'),
  content: z.string().describe('Sanitised HTML'),
  css: z.string().describe('CSS of this page'),
});
export type Flatpage = z.infer<typeof FlatpageSchema>;
export const FlatpageListSchema = z.array(FlatpageSchema);

/** POST v2 flatpages/. */
export const FlatpageCreateSchema = z.object(flatpageFields);
export type FlatpageCreate = z.infer<typeof FlatpageCreateSchema>;
export type FlatpageFormValues = z.input<typeof FlatpageCreateSchema>;

/** PATCH v2 flatpages/{id}/: any subset. */
export const FlatpageUpdateSchema = z.object({
  url: flatpageFields.url.optional(),
  title: flatpageFields.title.optional(),
  content: z.string().max(FLATPAGE_CONTENT_MAX_LENGTH, FLATPAGE_MESSAGES.contentTooLong).nullish(),
  css: z.string().max(CSS_MAX_LENGTH, OEM_MESSAGES.cssTooLarge).nullish(),
});
export type FlatpageUpdate = z.infer<typeof FlatpageUpdateSchema>;

/** POST v2 flatpages/preview/: what the content and CSS would become, without saving. */
export const FlatpagePreviewSchema = z.object({
  content: flatpageFields.content,
  css: flatpageFields.css,
});
export type FlatpagePreview = z.infer<typeof FlatpagePreviewSchema>;
export const FlatpagePreviewResultSchema = z.object({
  content: z.string().describe('The sanitised HTML'),
  css: z.string().describe('The CSS as it would be stored'),
});
export type FlatpagePreviewResult = z.infer<typeof FlatpagePreviewResultSchema>;
