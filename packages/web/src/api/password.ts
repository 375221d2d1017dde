import { DetailResponseSchema, type PasswordChange, type PasswordResetConfirm } from '@vigil/contracts';
import { api } from './client';

/** POST accounts/password/reset/confirm/: 'Password has been reset with new password'. */
export async function confirmPasswordReset(body: PasswordResetConfirm): Promise<string> {
  const { detail } = await api.post('accounts/password/reset/confirm/', {
    body,
    parse: DetailResponseSchema.parse,
  });
  return detail;
}

/** POST accounts/password/change/: 'New password has been saved'. */
export async function changePassword(body: PasswordChange): Promise<string> {
  const { detail } = await api.post('accounts/password/change/', { body, parse: DetailResponseSchema.parse });
  return detail;
}
