import { z } from 'zod';
import { DeviceTypeSchema } from './devices';
import { ProofTestIntervalSchema } from './proof-tests';
import { PublishedSchemaSummarySchema } from './visual-dashboard';

/** Texts of A sections 2, 5 and 8 for sites; the ones the spec leaves open are ours. */
export const SITE_MESSAGES = {
  titleRequired: 'Please input your title',
  addressRequired: 'Please input your address',
  tooLong: 'Ensure this field has no more than 255 characters',
  timezoneRequired: 'Please select your timezone!',
  timezoneInvalid: 'Select a valid timezone.',
  emailInvalid: 'The input is not valid E-mail!',
  clientRequired: 'Please select a client first.',
  empty: 'location is empty!',
  confirmDelete: 'Please confirm you want to delete this site',
  confirmDeactivate: 'Please confirm you want to deactivate this site',
  confirmReactivate: 'Please confirm you want to reactivate this site',
  added: 'Site added successfully',
  updated: 'Site updated successfully',
  removed: 'Site removed successfully',
  deactivated: 'Site deactivated',
  reactivated: 'Site reactivated',
  failed: 'An error occured, please try again!',
} as const;

/** Title, address and the optional contact fields are at most this long (A section 9). */
export const SITE_TEXT_MAX_LENGTH = 255;

/** Locations list limit of A section 9. */
export const SITES_LIST_LIMIT = 100;

/** Card status of A section 4. */
export const SITE_STATUSES = ['alarm', 'warning', 'suspended', 'ok'] as const;
export const SiteStatusSchema = z
  .enum(SITE_STATUSES)
  .describe('Worst state of the site: alarm, warning, suspended or ok');
export type SiteStatus = z.infer<typeof SiteStatusSchema>;

function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, message).max(SITE_TEXT_MAX_LENGTH, SITE_MESSAGES.tooLong);
}

/** Optional text: null and absent become ''. */
function optionalText() {
  return z
    .string()
    .trim()
    .max(SITE_TEXT_MAX_LENGTH, SITE_MESSAGES.tooLong)
    .nullish()
    .transform((value) => value ?? '');
}

const optionalEmail = z
  .string()
  .trim()
  .max(254, SITE_MESSAGES.tooLong)
  .refine((value) => value === '' || z.email().safeParse(value).success, SITE_MESSAGES.emailInvalid)
  .nullish()
  .transform((value) => value ?? '');

const siteFields = {
  title: requiredText(SITE_MESSAGES.titleRequired).describe('Site name'),
  address: requiredText(SITE_MESSAGES.addressRequired).describe('Postal address'),
  full_name: optionalText().describe('Contact person'),
  email: optionalEmail.describe('Contact e-mail'),
  mobile: optionalText().describe('Contact mobile number'),
  timezone: z
    .string({ error: SITE_MESSAGES.timezoneRequired })
    .trim()
    .min(1, SITE_MESSAGES.timezoneRequired)
    .max(64, SITE_MESSAGES.timezoneInvalid)
    .describe('IANA timezone, one of timezones/'),
  proof_test_interval_days: ProofTestIntervalSchema.optional(),
};

/** POST locations/ (A section 7). */
export const SiteCreateSchema = z.object(siteFields);
export type SiteCreate = z.infer<typeof SiteCreateSchema>;
export type SiteFormValues = z.input<typeof SiteCreateSchema>;

/** PATCH locations/{id}/: any of the create fields. */
export const SiteUpdateSchema = z.object(siteFields).partial();
export type SiteUpdate = z.infer<typeof SiteUpdateSchema>;

/** A device as shown on a site card; filled from step 3 on. */
export const SiteDeviceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  udf_id: z.string(),
  device_type: DeviceTypeSchema,
  is_online: z.boolean(),
  is_suspended: z.boolean(),
});
export type SiteDevice = z.infer<typeof SiteDeviceSchema>;

/** A site as the locations/ calls answer it (wire-formats.md 'Site', plus can_edit). */
export const SiteSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  address: z.string(),
  full_name: z.string(),
  email: z.string(),
  mobile: z.string(),
  timezone: z.string(),
  client: z.number().int().describe('Id of the client owning the site'),
  is_suspended: z.boolean(),
  is_active: z.boolean(),
  date_created: z.string().describe('ISO-8601 creation time'),
  visual_dashboard_enabled: z.boolean(),
  proof_test_interval_days: z
    .number()
    .int()
    .describe('Days between proof tests of each alarm sensor (an addition to the old shape)'),
  status: SiteStatusSchema,
  devices: z.array(SiteDeviceSchema),
  can_edit: z.boolean().describe('The signed-in user may edit this site (an addition to the old shape)'),
});
export type Site = z.infer<typeof SiteSchema>;

export const SITE_ORDERINGS = ['title', '-title', 'date_created', '-date_created', 'id', '-id'] as const;
export const SiteOrderingSchema = z.enum(SITE_ORDERINGS).describe('Sort key; a leading - sorts descending');
export type SiteOrdering = z.infer<typeof SiteOrderingSchema>;

/** Query of GET locations/. */
export const SiteListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional().describe('Page size (default 100)'),
  offset: z.coerce.number().int().min(0).optional().describe('Rows to skip'),
  is_active: z
    .enum(['true', 'false', 'True', 'False', '1', '0'])
    .optional()
    .transform((value) => (value === undefined ? undefined : ['true', 'True', '1'].includes(value)))
    .describe('Only active (true) or inactive (false) sites'),
  ordering: SiteOrderingSchema.optional(),
  client: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .describe('Client whose sites to list (default: current)'),
});
export type SiteListQuery = z.input<typeof SiteListQuerySchema>;

/** GET timezones/: a plain array of IANA names. */
export const TimezoneListSchema = z.array(z.string());

/**
 * A site as `GET api/v2/locations/` answers it: with its current (newest published) schema of the visual dashboard,
 * null when it has none or the person has no visual dashboard.
 */
export const SiteV2Schema = SiteSchema.extend({ published_schema: PublishedSchemaSummarySchema.nullable() });
export type SiteV2 = z.infer<typeof SiteV2Schema>;
