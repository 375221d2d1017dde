import { PASSWORD_MESSAGES } from '@vigil/contracts';
import type { UserRow } from '../../db/tables/users.table';
import { AppError } from '../../errors';
import { assertPasswordAcceptable } from '../users/users.service';

/** Wire names of a form's new-password pair, e.g. password1/password2 or new_password1/new_password2. */
export type NewPasswordFields = { password: string; confirmation: string };

/**
 * A new password and its confirmation must match, then pass the server rules (A section 5); a 400
 * names the form's own fields. Emptiness is the request schema's job ('Fields cannot be empty!!').
 */
export function assertNewPassword(
  values: { password: string; confirmation: string },
  user: Pick<UserRow, 'email' | 'firstName' | 'lastName'>,
  fields: NewPasswordFields,
): void {
  if (values.password !== values.confirmation) {
    throw AppError.validation({ [fields.confirmation]: [PASSWORD_MESSAGES.mismatch] });
  }
  try {
    assertPasswordAcceptable(values.password, user);
  } catch (error) {
    if (error instanceof AppError && error.fields !== undefined) {
      throw AppError.validation({ [fields.password]: Object.values(error.fields).flat() });
    }
    throw error;
  }
}
