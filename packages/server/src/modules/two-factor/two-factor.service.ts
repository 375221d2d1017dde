import { NON_FIELD_ERRORS, type RetrieveCodeResponse, TWO_FACTOR_MESSAGES } from '@vigil/contracts';
import QRCode from 'qrcode';
import { getAccountAuthority, sharesClient } from '../../access/account-authority';
import type { AuthContext } from '../../access/authentication';
import { getTwoFactorState } from '../../access/two-factor-state.repo';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';
import { AppError, forbidden, notFound } from '../../errors';
import { getUserById } from '../users/users.repo';
import { decryptSecret, encryptSecret } from './secret-box';
import { acceptedStep, newTotpSecret, totpFor } from './totp';
import {
  deleteDevice,
  getDevice,
  markSessionVerified,
  savePendingDevice,
  useDeviceStep,
} from './two-factor.repo';
import type { VerifyRateLimiter } from './verify-rate-limit';

export type TwoFactorDeps = {
  db: Database;
  encryptionKey: Buffer;
  limiter: VerifyRateLimiter;
  now?: () => Date;
};

type Detail = { detail: string };

function alreadyRegistered(): AppError {
  return AppError.validation({ [NON_FIELD_ERRORS]: [TWO_FACTOR_MESSAGES.alreadyRegistered] });
}

/** setup_2fa/: a new pending secret, replacing a pending one; refused once a device is confirmed. */
export async function setupTwoFactor(deps: TwoFactorDeps, user: UserRow): Promise<Detail> {
  const existing = await getDevice(deps.db, user.id);
  if (existing?.confirmedAt != null) {
    throw alreadyRegistered();
  }
  const sealed = encryptSecret(deps.encryptionKey, newTotpSecret());
  if (!(await savePendingDevice(deps.db, user.id, sealed))) {
    throw alreadyRegistered();
  }
  return { detail: TWO_FACTOR_MESSAGES.deviceRegistered };
}

/** retrieve-code/: QR code, otpauth URL and secret of the pending device; a confirmed secret is never shown. */
export async function retrieveCode(deps: TwoFactorDeps, user: UserRow): Promise<RetrieveCodeResponse> {
  const device = await getDevice(deps.db, user.id);
  if (device === undefined || device.confirmedAt !== null) {
    throw new AppError('not_found', TWO_FACTOR_MESSAGES.noPendingDevice);
  }
  const secret = decryptSecret(deps.encryptionKey, device.secretEncrypted);
  const otpauthUrl = totpFor(secret, user.email).toString();
  const qrcode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { qrcode, otpauth_url: otpauthUrl, secret };
}

/**
 * verify_2fa/: the first accepted code confirms the device; every accepted code verifies this session.
 * Each code works once; wrong codes count towards a per-user limit.
 */
export async function verifyTwoFactor(
  deps: TwoFactorDeps,
  auth: AuthContext,
  token: string,
): Promise<Detail> {
  const { user, session } = auth;
  const retryAfter = deps.limiter.retryAfterSeconds(user.id);
  if (retryAfter > 0) {
    throw new AppError('rate_limited', TWO_FACTOR_MESSAGES.tooManyAttempts, undefined, retryAfter);
  }
  const device = await getDevice(deps.db, user.id);
  if (device === undefined) {
    throw AppError.validation({ [NON_FIELD_ERRORS]: [TWO_FACTOR_MESSAGES.noDevice] });
  }
  const now = deps.now?.() ?? new Date();
  const totp = totpFor(decryptSecret(deps.encryptionKey, device.secretEncrypted), user.email);
  const step = acceptedStep(totp, token, now.getTime(), device.lastUsedStep);
  if (step === undefined || !(await useDeviceStep(deps.db, user.id, step, now))) {
    deps.limiter.recordFailure(user.id);
    throw AppError.validation({ token: [TWO_FACTOR_MESSAGES.verificationFailed] });
  }
  await markSessionVerified(deps.db, session.id);
  return {
    detail: device.confirmedAt === null ? TWO_FACTOR_MESSAGES.setupComplete : TWO_FACTOR_MESSAGES.verified,
  };
}

/** is_2fa_required/: whether any client of the user requires two-factor. */
export async function isTwoFactorRequired(db: Database, user: UserRow): Promise<boolean> {
  return (await getTwoFactorState(db, user.id)).isRequired;
}

/** disable-2FA/: removes the user's own device; a registered device needs a verified session first. */
export async function disableOwnTwoFactor(db: Database, { user, session }: AuthContext): Promise<Detail> {
  const device = await getDevice(db, user.id);
  if (device?.confirmedAt != null && !session.is2faVerified) {
    throw new AppError('forbidden', TWO_FACTOR_MESSAGES.required);
  }
  await deleteDevice(db, user.id);
  return { detail: TWO_FACTOR_MESSAGES.disabled };
}

/**
 * disable_2FA_via_id/{id}/: staff, or whoever administers every client the target belongs to
 * (account-authority.ts). A target the actor cannot see answers 404; one they see but whose account
 * they do not hold, 403.
 */
export async function disableTwoFactorOf(db: Database, actor: UserRow, targetId: number): Promise<Detail> {
  const target = await getUserById(db, targetId);
  if (target === undefined) {
    throw notFound();
  }
  const authority = await getAccountAuthority(db, actor, target);
  if (!authority.holdsAccount) {
    throw (await sharesClient(db, actor, target)) ? forbidden() : notFound();
  }
  await deleteDevice(db, target.id);
  return { detail: TWO_FACTOR_MESSAGES.disabled };
}
