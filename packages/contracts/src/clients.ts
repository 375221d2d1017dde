import { z } from 'zod';
import { PaginationQuerySchema } from './common';

/** Texts of A sections 5 and 8 for clients, plus the server's own refusals. */
export const CLIENT_MESSAGES = {
  numberRequired: 'Please input your number',
  numberInvalid: 'Ensure this value is a whole number between 1 and 2147483647.',
  companyRequired: 'Please input your company',
  addressRequired: 'Please input your address',
  phoneRequired: 'Please input your phone number',
  fullNameRequired: 'Please input your name',
  emailRequired: 'Please input your Email Address!',
  emailInvalid: 'The input is not valid E-mail!',
  tooLong: 'Ensure this field has no more than 255 characters',
  numberTaken: 'A client with this number already exists.',
  added: 'Client added successfully',
  updated: 'Client updated successfully',
  removed: 'Client removed successfully',
  failed: 'An error occured, please try again!',
} as const;

/** Clients page size (A section 9). */
export const CLIENTS_PAGE_SIZE = 20;
export const CLIENT_TEXT_MAX_LENGTH = 255;
const MAX_CLIENT_NUMBER = 2_147_483_647;

function requiredText(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(CLIENT_TEXT_MAX_LENGTH, CLIENT_MESSAGES.tooLong);
}

/** '' and null are 'not given' for optional texts: both are stored as null (A section 5). */
const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const optionalText = z.preprocess(
  emptyToNull,
  z.string().trim().max(CLIENT_TEXT_MAX_LENGTH, CLIENT_MESSAGES.tooLong).nullable().optional(),
);

const ClientNumberSchema = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce
    .number({ error: CLIENT_MESSAGES.numberRequired })
    .int(CLIENT_MESSAGES.numberInvalid)
    .min(1, CLIENT_MESSAGES.numberInvalid)
    .max(MAX_CLIENT_NUMBER, CLIENT_MESSAGES.numberInvalid),
);

const ClientEmailSchema = requiredText(CLIENT_MESSAGES.emailRequired).email(CLIENT_MESSAGES.emailInvalid);

/** Body of POST clients/ (A sections 3 and 5). */
export const ClientCreateSchema = z.object({
  number: ClientNumberSchema.describe('Account number, unique'),
  company: requiredText(CLIENT_MESSAGES.companyRequired).describe('Company name'),
  address: requiredText(CLIENT_MESSAGES.addressRequired).describe('Postal address'),
  phone: requiredText(CLIENT_MESSAGES.phoneRequired).describe('Phone number'),
  full_name: requiredText(CLIENT_MESSAGES.fullNameRequired).describe(
    'Contact person; becomes the administrator',
  ),
  email: ClientEmailSchema.describe('Contact e-mail; the person with it administers the client'),
  is_active: z.boolean().optional().describe('Client account is active (default true)'),
  is_2fa_required: z.boolean().optional().describe('Users of this client must set up two-factor'),
  visual_dashboard_enabled: z.boolean().optional().describe('Visual dashboard enabled for this client'),
  alternative_name: optionalText.describe('Alternative contact name'),
  alternative_email: z
    .preprocess(
      emptyToNull,
      z
        .string()
        .trim()
        .max(254, CLIENT_MESSAGES.tooLong)
        .email(CLIENT_MESSAGES.emailInvalid)
        .nullable()
        .optional(),
    )
    .describe('Alternative contact e-mail'),
  alternative_phone: optionalText.describe('Alternative contact phone'),
});
export type ClientCreate = z.infer<typeof ClientCreateSchema>;

/** Body of PATCH clients/{id}/: any subset of the create fields. */
export const ClientUpdateSchema = ClientCreateSchema.partial();
export type ClientUpdate = z.infer<typeof ClientUpdateSchema>;

/**
 * Fields only super users and OEM may change. The e-mail is among them because it decides who
 * administers the client: the client's own accounts management must not hand that role to anyone.
 */
export const STAFF_ONLY_CLIENT_FIELDS = [
  'number',
  'email',
  'is_active',
  'is_2fa_required',
  'visual_dashboard_enabled',
] as const satisfies ReadonlyArray<keyof ClientUpdate>;

/** A client as the API answers it (wire-formats.md 'Client'). */
export const ClientSchema = z.object({
  id: z.number().int(),
  number: z.number().int().describe('Account number'),
  email: z.string(),
  full_name: z.string(),
  company: z.string(),
  address: z.string(),
  phone: z.string(),
  is_active: z.boolean(),
  is_2fa_required: z.boolean(),
  visual_dashboard_enabled: z.boolean(),
  alternative_name: z.string().nullable(),
  alternative_email: z.string().nullable(),
  alternative_phone: z.string().nullable(),
});
export type Client = z.infer<typeof ClientSchema>;

export const CLIENT_ORDERING_FIELDS = [
  'id',
  'number',
  'company',
  'email',
  'full_name',
  'address',
  'phone',
  'date_created',
] as const;
export type ClientOrderingField = (typeof CLIENT_ORDERING_FIELDS)[number];
export type ClientOrdering = ClientOrderingField | `-${ClientOrderingField}`;
const CLIENT_ORDERINGS: ClientOrdering[] = CLIENT_ORDERING_FIELDS.flatMap((field) => [
  field,
  `-${field}` as const,
]);

export const ClientListQuerySchema = PaginationQuerySchema.extend({
  q: z
    .string()
    .trim()
    .max(CLIENT_TEXT_MAX_LENGTH)
    .optional()
    .describe('Search company, e-mail, name, number, address'),
  ordering: z
    .enum(CLIENT_ORDERINGS)
    .optional()
    .describe('Field to order by, `-` for descending; company ascending by default'),
});
export type ClientListQuery = z.infer<typeof ClientListQuerySchema>;

export const NextClientNumberSchema = z.object({
  next_client_number: z.number().int().describe('Highest account number plus one'),
});
export type NextClientNumber = z.infer<typeof NextClientNumberSchema>;
