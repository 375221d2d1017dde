import { z } from 'zod';
import { DeviceTypeSchema } from './devices';
import { PermissionSchema } from './roles';

/** Texts of A sections 5 and 8 for sign-in. */
export const LOGIN_MESSAGES = {
  usernameRequired: 'Please input your Email Or Username!',
  passwordRequired: 'Please input your Password!',
  wrongCredentials: 'Wrong email or password.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  loggedOut: 'Successfully logged out.',
} as const;

export const LoginRequestSchema = z.object({
  username: z
    .string({ error: LOGIN_MESSAGES.usernameRequired })
    .trim()
    .min(1, LOGIN_MESSAGES.usernameRequired)
    .max(254)
    .describe('E-mail address or username'),
  password: z
    .string({ error: LOGIN_MESSAGES.passwordRequired })
    .min(1, LOGIN_MESSAGES.passwordRequired)
    .max(4096)
    .describe('Password'),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const TokenResponseSchema = z.object({
  token: z.string().describe('Session JWT for `Authorization: JWT <token>`'),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const DetailResponseSchema = z.object({ detail: z.string() });

/** GET me/: the current user's data (A section 3, shape of wire-formats.md). */
export const MeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  phone: z.string(),
  address: z.string(),
  registered: z.boolean().describe('Two-factor authentication is registered for this user'),
  is_2fa_verified: z.boolean().describe('This session has passed two-factor verification'),
  auth_key: z.string(),
  visual_dashboard_enabled: z.boolean(),
  is_accounts_management: z.boolean(),
  is_engineer: z.boolean(),
  is_manager: z.boolean(),
  is_superuser: z.boolean(),
  is_oem: z.boolean(),
  locations_roles: z.record(z.string(), PermissionSchema).describe('Site id to the permission held there'),
  current_client: z.object({ id: z.number().int(), company: z.string() }).nullable(),
  current_location: z
    .object({
      id: z.number().int(),
      title: z.string(),
      timezone: z.string().describe("The site's IANA zone: every time on its pages is shown in it"),
    })
    .nullable(),
  current_device: z
    .object({ id: z.number().int(), title: z.string(), udf_id: z.string(), device_type: DeviceTypeSchema })
    .nullable(),
});
export type Me = z.infer<typeof MeSchema>;

/** Full name as shown in the profile menu: 'First Last', or 'Profile' when empty. */
export function fullNameOf(user: Pick<Me, 'first_name' | 'last_name'>): string {
  const name = `${user.first_name} ${user.last_name}`.trim();
  return name === '' ? 'Profile' : name;
}
