import { TOTP_SETTINGS } from '@vigil/contracts';
import { Secret, TOTP } from 'otpauth';

/** Codes one step before or after the current one are accepted (clock drift, slow typing). */
export const TOTP_WINDOW = 1;
const SECRET_BYTES = 20;
const CODE_PATTERN = /^\d{6}$/;

/** A new random base32 secret (160 bits, as RFC 4226 recommends). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The TOTP of a user: issuer Vigil, label the e-mail, SHA1, 6 digits, 30 s. */
export function totpFor(secret: string, email: string): TOTP {
  return new TOTP({
    issuer: TOTP_SETTINGS.issuer,
    label: email,
    algorithm: TOTP_SETTINGS.algorithm,
    digits: TOTP_SETTINGS.digits,
    period: TOTP_SETTINGS.period,
    secret: Secret.fromBase32(secret),
  });
}

/**
 * The time step a code belongs to, when it is valid now (±1 step) and newer than the last step used;
 * undefined otherwise. Refusing steps at or before the last one makes each code work once.
 */
export function acceptedStep(
  totp: TOTP,
  token: string,
  now: number,
  lastUsedStep: number | null,
): number | undefined {
  if (!CODE_PATTERN.test(token)) {
    return undefined;
  }
  const delta = totp.validate({ token, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) {
    return undefined;
  }
  const step = totp.counter({ timestamp: now }) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) {
    return undefined;
  }
  return step;
}
