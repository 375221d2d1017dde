import { z } from 'zod';
import { IdParamSchema, IdSchema } from './common';
import { DEFAULT_PERMISSION, PermissionSchema } from './roles';

/** Texts of A sections 5 and 8 for assigned users; the ones the spec leaves open are ours. */
export const ASSIGNED_USER_MESSAGES = {
  fullNameRequired: 'Please input your full name',
  emailRequired: 'Please input your Email Address!',
  emailInvalid: 'The input is not valid E-mail!',
  companyRequired: 'Please input your full company',
  phoneRequired: 'Please input your full phone',
  addressRequired: 'Please input your full address',
  tooLong: 'Ensure this field has no more than 255 characters',
  emailTaken: 'A user with that e-mail address already exists.',
  selectLocationFirst: 'please select a location first',
  sitesOfOneClient: 'All sites must belong to one client.',
  notInClient: 'The user is not assigned to the client of this site.',
  userCreated: 'User created',
  userAddedToAnotherClient: 'User added to another client',
  removed: 'Assign user removed successfully',
  infoUpdated: 'User info updated successfully',
  activationSucceeded: 'Activation succeeded',
  activationSent: 'Activation e-mail sent.',
  alreadyActivated: 'This user has already activated the account.',
  linkCopied: 'Link successfully copied!',
  authenticationRemoved: 'Authentication removed',
  userAdded: 'User added successfully',
  userUpdated: 'User update successfully',
  membershipExists: 'This user already has a membership for this site.',
  cannotRemoveSelf: 'You cannot remove yourself.',
  failed: 'An error occured, please try again!',
} as const;

/** Assigned users page size of A section 9. */
export const ASSIGNED_USERS_PAGE_SIZE = 20;

const TEXT_MAX = 255;

function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, message).max(TEXT_MAX, ASSIGNED_USER_MESSAGES.tooLong);
}

/** Optional in a PATCH: may be emptied (the user-settings page asks only for the name). */
function clearableText() {
  return z.string().trim().max(TEXT_MAX, ASSIGNED_USER_MESSAGES.tooLong);
}

const emailField = z
  .string({ error: ASSIGNED_USER_MESSAGES.emailRequired })
  .trim()
  .min(1, ASSIGNED_USER_MESSAGES.emailRequired)
  .max(254, ASSIGNED_USER_MESSAGES.tooLong)
  .pipe(z.email(ASSIGNED_USER_MESSAGES.emailInvalid))
  .describe('E-mail address; unique');

/** One entry of location_access: the user's access and permission at a site. */
export const LocationAccessSchema = z.object({
  location_id: IdSchema.describe('Site id'),
  has_access: z.boolean().default(true).describe('The user may see the site'),
  permission: PermissionSchema.default(DEFAULT_PERMISSION),
});
export type LocationAccess = z.infer<typeof LocationAccessSchema>;

/** Role flags that staff and the client's accounts management may set; superuser/OEM only by a superuser. */
const roleFlagFields = {
  is_accounts_management: z.boolean().optional(),
  is_manager: z.boolean().optional(),
  is_engineer: z.boolean().optional(),
  is_superuser: z.boolean().optional(),
  is_oem: z.boolean().optional(),
};

const profileFields = {
  full_name: requiredText(ASSIGNED_USER_MESSAGES.fullNameRequired).describe('First and last name'),
  email: emailField,
  company: requiredText(ASSIGNED_USER_MESSAGES.companyRequired).describe('Company'),
  phone: requiredText(ASSIGNED_USER_MESSAGES.phoneRequired).describe('Phone number'),
  address: requiredText(ASSIGNED_USER_MESSAGES.addressRequired).describe('Postal address'),
};

/** POST users/ (A sections 5 and 7). */
export const AssignedUserCreateSchema = z.object({
  ...profileFields,
  location_access: z
    .array(LocationAccessSchema)
    .max(1000)
    .default([])
    .describe('Sites of one client with access and permission'),
  ...roleFlagFields,
});
export type AssignedUserCreate = z.infer<typeof AssignedUserCreateSchema>;
export type AssignedUserCreateInput = z.input<typeof AssignedUserCreateSchema>;

/** PUT users/{id}/: the whole profile again, memberships optional. */
export const AssignedUserReplaceSchema = z.object({
  ...profileFields,
  location_access: z.array(LocationAccessSchema).max(1000).optional(),
  ...roleFlagFields,
});

/** PATCH users/{id}/: any field; company, phone and address may be emptied. */
export const AssignedUserUpdateSchema = z.object({
  full_name: requiredText(ASSIGNED_USER_MESSAGES.fullNameRequired).optional(),
  email: emailField.optional(),
  company: clearableText().optional(),
  phone: clearableText().optional(),
  address: clearableText().optional(),
  location_access: z.array(LocationAccessSchema).max(1000).optional(),
  ...roleFlagFields,
});
export type AssignedUserUpdate = z.infer<typeof AssignedUserUpdateSchema>;
export type AssignedUserUpdateInput = z.input<typeof AssignedUserUpdateSchema>;

export const MembershipSummarySchema = z.object({
  id: z.number().int(),
  has_access: z.boolean(),
  permission: PermissionSchema,
});

/** An assigned user as clients/{id}/users/ lists it (wire-formats.md 'Assigned user'). */
export const AssignedUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  is_superuser: z.boolean(),
  is_oem: z.boolean(),
  is_accounts_management: z.boolean(),
  is_manager: z.boolean(),
  is_engineer: z.boolean(),
  is_active: z.boolean(),
  activation_key: z
    .string()
    .nullable()
    .describe('Key of the pending activation link; only for staff and the accounts management'),
  registered: z.boolean().describe('The user has activated the account (has a password)'),
  profile: z.object({ company: z.string(), phone: z.string(), address: z.string() }),
  location_membership: MembershipSummarySchema.nullable().describe(
    'Membership at the site named by with-location-membership',
  ),
});
export type AssignedUser = z.infer<typeof AssignedUserSchema>;

/** users/{id}/: the assigned user with every membership the reader may see. */
export const AssignedUserDetailSchema = AssignedUserSchema.extend({
  can_edit_profile: z
    .boolean()
    .describe("The reader may change this person's profile, e-mail and roles (docs/permissions.md)"),
  location_access: z.array(
    z.object({
      id: z.number().int().describe('Membership id'),
      location_id: z.number().int(),
      has_access: z.boolean(),
      permission: PermissionSchema,
    }),
  ),
});
export type AssignedUserDetail = z.infer<typeof AssignedUserDetailSchema>;

/** 201 of POST users/: 'User created' or 'User added to another client'. */
export const AssignedUserCreatedSchema = z.object({
  detail: z.string(),
  user: AssignedUserDetailSchema,
});
export type AssignedUserCreated = z.infer<typeof AssignedUserCreatedSchema>;

/** Query of GET clients/{clientId}/users/. */
export const AssignedUserListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional().describe('Page size (default 20)'),
  offset: z.coerce.number().int().min(0).optional().describe('Rows to skip'),
  'with-location-membership': z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .describe('Site whose membership each item carries'),
  filter: z.string().max(254).optional().describe('Matches name or e-mail, case-insensitively'),
});
export type AssignedUserListQuery = z.input<typeof AssignedUserListQuerySchema>;

export const ClientIdParamsSchema = z.object({ clientId: IdParamSchema });

/** POST membership/ (A section 7). */
export const MembershipCreateSchema = z.object({
  location: IdSchema.describe('Site id'),
  user: IdSchema.describe('User id'),
  permission: PermissionSchema.default(DEFAULT_PERMISSION),
  has_access: z.boolean().default(true),
});
export type MembershipCreate = z.infer<typeof MembershipCreateSchema>;
export type MembershipCreateInput = z.input<typeof MembershipCreateSchema>;

/** PATCH membership/{id}/. */
export const MembershipUpdateSchema = z.object({
  permission: PermissionSchema.optional(),
  has_access: z.boolean().optional(),
});
export type MembershipUpdate = z.infer<typeof MembershipUpdateSchema>;

export const MembershipSchema = z.object({
  id: z.number().int(),
  location: z.number().int(),
  user: z.number().int(),
  permission: PermissionSchema,
  has_access: z.boolean(),
});
export type Membership = z.infer<typeof MembershipSchema>;

/** 'Ada King Lovelace' from first and last name. */
export function joinFullName(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`.trim();
}
