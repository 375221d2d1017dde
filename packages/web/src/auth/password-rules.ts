import { PASSWORD_MESSAGES } from '../messages';

export const PASSWORD_MIN_LENGTH = 8;

/** A section 5: at least 8 characters, a digit and an uppercase letter. Null when the password passes. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return PASSWORD_MESSAGES.tooShort;
  }
  if (!/\d/.test(password)) {
    return PASSWORD_MESSAGES.noDigit;
  }
  if (!/\p{Lu}/u.test(password)) {
    return PASSWORD_MESSAGES.noUppercase;
  }
  return null;
}
