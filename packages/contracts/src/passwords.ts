import { z } from 'zod';
import { AccountEmailSchema } from './registration';

/** Texts of A sections 5 and 8 for choosing a password (activation, reset, change). */
export const PASSWORD_MESSAGES = {
  fieldsEmpty: 'Fields cannot be empty!!',
  mismatch: 'The two passwords that you entered do not match!',
  tooShort: 'Password must be at least 8 characters long.',
  noDigit: 'Password must contain at least one digit.',
  noUppercase: 'Password must contain at least one uppercase letter.',
  wrongOldPassword: 'Your old password was entered incorrectly. Please enter it again.',
  saved: 'New password has been saved',
  tooManyAttempts: 'Too many wrong passwords. Please wait a few minutes and try again.',
} as const;

/** Texts of A section 8 for the password reset. */
export const PASSWORD_RESET_MESSAGES = {
  linkSent: 'Your password reset link has been sent successfully. Please check your email.',
  unknownEmail: 'The e-mail address is not assigned to any user account',
  done: 'Password has been reset with new password',
  invalidLink: 'The password reset link was invalid, possibly because it has already been used.',
  tooManyRequests: 'Too many password reset e-mails were requested. Please try again later.',
} as const;

/** Longest password accepted: argon2 hashes any length, but a cap stops megabyte-long inputs. */
export const PASSWORD_MAX_LENGTH = 4096;

/** A required password field: any empty one answers 'Fields cannot be empty!!' (A section 5). */
export const PasswordFieldSchema = z
  .string({ error: PASSWORD_MESSAGES.fieldsEmpty })
  .min(1, PASSWORD_MESSAGES.fieldsEmpty)
  .max(PASSWORD_MAX_LENGTH, `Ensure this field has no more than ${PASSWORD_MAX_LENGTH} characters`);

/** POST users/activation/set-password/{key}/ (A section 3 'Password set'). */
export const SetPasswordRequestSchema = z.object({
  password1: PasswordFieldSchema.describe('New password'),
  password2: PasswordFieldSchema.describe('The same password again'),
});
export type SetPasswordRequest = z.infer<typeof SetPasswordRequestSchema>;

/** POST accounts/password/reset/. */
export const PasswordResetRequestSchema = z.object({
  email: AccountEmailSchema.describe('E-mail address of the account'),
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

const ResetLinkPartSchema = z
  .string({ error: PASSWORD_RESET_MESSAGES.invalidLink })
  .min(1, PASSWORD_RESET_MESSAGES.invalidLink)
  .max(200, PASSWORD_RESET_MESSAGES.invalidLink);

/** POST accounts/password/reset/confirm/ (A section 3 'Password reset'). */
export const PasswordResetConfirmSchema = z.object({
  new_password1: PasswordFieldSchema.describe('New password'),
  new_password2: PasswordFieldSchema.describe('The same password again'),
  uid: ResetLinkPartSchema.describe('User part of the e-mailed link (before the first dash)'),
  token: ResetLinkPartSchema.describe('Token part of the e-mailed link (after the first dash)'),
});
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirmSchema>;

/** POST accounts/password/change/ (A section 3 'Password change'). */
export const PasswordChangeSchema = z.object({
  old_password: PasswordFieldSchema.describe('Current password'),
  new_password1: PasswordFieldSchema.describe('New password'),
  new_password2: PasswordFieldSchema.describe('The same new password again'),
});
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

/**
 * The id of the reset page /password/reset/key/{id} is `{uid}-{token}`; the uid never holds a dash,
 * so the first dash separates them. Null when the id has no dash.
 */
export function splitResetKey(id: string): { uid: string; token: string } | null {
  const dash = id.indexOf('-');
  if (dash <= 0 || dash === id.length - 1) {
    return null;
  }
  return { uid: id.slice(0, dash), token: id.slice(dash + 1) };
}
