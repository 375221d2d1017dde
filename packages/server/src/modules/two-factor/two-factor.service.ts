import { NON_FIELD_ERRORS, type RetrieveCodeResponse, TWO_FACTOR_MESSAGES } from '@vigil/contracts';
import QRCode from 'qrcode';
import { getAccountAuthority, sharesClient } from '../../access/account-authority';
import type { AuthContext } from '../../access/authentication';
import { getTwoFactorState } from '../../access/two-factor-state.repo';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';
import { AppError, forbidden, notFound } from '../../errors';
import * as usersRepo from '../users/users.repo';
import { decryptSecret, encryptSecret } from './secret-box';
import { acceptedStep, newTotpSecret, totpFor } from './totp';
import * as twoFactorRepo from './two-factor.repo';
import type { VerifyRateLimiter } from './verify-rate-limit';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { twoFactor: twoFactorRepo, users: usersRepo };
export type TwoFactorRepositories = typeof REPOSITORIES;
export type TwoFactorDeps = {
  db: Database;
  encryptionKey: Buffer;
  limiter: VerifyRateLimiter;
  now?: () => Date;
  repos?: TwoFactorRepositories;
};

type Detail = { detail: string };

function alreadyRegistered(): AppError {
  return AppError.validation({ [NON_FIELD_ERRORS]: [TWO_FACTOR_MESSAGES.alreadyRegistered] });
}

/** Two-factor authentication (A section 5): set-up, verification and removal of a TOTP device. */
export class TwoFactorService {
  private readonly repos: TwoFactorRepositories;

  constructor(private readonly deps: TwoFactorDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** setup_2fa/: a new pending secret, replacing a pending one; refused once a device is confirmed. */
  async setup(user: UserRow): Promise<Detail> {
    const { db, encryptionKey } = this.deps;
    const existing = await this.repos.twoFactor.getDevice(db, user.id);
    if (existing?.confirmedAt != null) {
      throw alreadyRegistered();
    }
    const sealed = encryptSecret(encryptionKey, newTotpSecret());
    if (!(await this.repos.twoFactor.savePendingDevice(db, user.id, sealed))) {
      throw alreadyRegistered();
    }
    return { detail: TWO_FACTOR_MESSAGES.deviceRegistered };
  }

  /** retrieve-code/: QR code, otpauth URL and secret of the pending device; a confirmed secret is never shown. */
  async retrieveCode(user: UserRow): Promise<RetrieveCodeResponse> {
    const device = await this.repos.twoFactor.getDevice(this.deps.db, user.id);
    if (device === undefined || device.confirmedAt !== null) {
      throw new AppError('not_found', TWO_FACTOR_MESSAGES.noPendingDevice);
    }
    const secret = decryptSecret(this.deps.encryptionKey, device.secretEncrypted);
    const otpauthUrl = totpFor(secret, user.email).toString();
    const qrcode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
    return { qrcode, otpauth_url: otpauthUrl, secret };
  }

  /**
   * verify_2fa/: the first accepted code confirms the device; every accepted code verifies this session.
   * Each code works once; wrong codes count towards a per-user limit.
   */
  async verify(auth: AuthContext, token: string): Promise<Detail> {
    const { db, limiter } = this.deps;
    const { user, session } = auth;
    const retryAfter = await limiter.retryAfterSeconds(user.id);
    if (retryAfter > 0) {
      throw new AppError('rate_limited', TWO_FACTOR_MESSAGES.tooManyAttempts, undefined, retryAfter);
    }
    const device = await this.repos.twoFactor.getDevice(db, user.id);
    if (device === undefined) {
      throw AppError.validation({ [NON_FIELD_ERRORS]: [TWO_FACTOR_MESSAGES.noDevice] });
    }
    const now = this.deps.now?.() ?? new Date();
    const totp = totpFor(decryptSecret(this.deps.encryptionKey, device.secretEncrypted), user.email);
    const step = acceptedStep(totp, token, now.getTime(), device.lastUsedStep);
    if (step === undefined || !(await this.repos.twoFactor.useDeviceStep(db, user.id, step, now))) {
      await limiter.recordFailure(user.id);
      throw AppError.validation({ token: [TWO_FACTOR_MESSAGES.verificationFailed] });
    }
    await this.repos.twoFactor.markSessionVerified(db, session.id);
    return {
      detail: device.confirmedAt === null ? TWO_FACTOR_MESSAGES.setupComplete : TWO_FACTOR_MESSAGES.verified,
    };
  }

  /** is_2fa_required/: whether any client of the user requires two-factor. */
  async isRequired(user: UserRow): Promise<boolean> {
    return (await getTwoFactorState(this.deps.db, user.id)).isRequired;
  }

  /** disable-2FA/: removes the user's own device; a registered device needs a verified session first. */
  async disableOwn({ user, session }: AuthContext): Promise<Detail> {
    const device = await this.repos.twoFactor.getDevice(this.deps.db, user.id);
    if (device?.confirmedAt != null && !session.is2faVerified) {
      throw new AppError('forbidden', TWO_FACTOR_MESSAGES.required);
    }
    await this.repos.twoFactor.deleteDevice(this.deps.db, user.id);
    return { detail: TWO_FACTOR_MESSAGES.disabled };
  }

  /**
   * disable_2FA_via_id/{id}/: staff, or whoever administers every client the target belongs to
   * (account-authority.ts). A target the actor cannot see answers 404; one they see but whose account
   * they do not hold, 403.
   */
  async disableOf(actor: UserRow, targetId: number): Promise<Detail> {
    const { db } = this.deps;
    const target = await this.repos.users.getUserById(db, targetId);
    if (target === undefined) {
      throw notFound();
    }
    const authority = await getAccountAuthority(db, actor, target);
    if (!authority.holdsAccount) {
      throw (await sharesClient(db, actor, target)) ? forbidden() : notFound();
    }
    await this.repos.twoFactor.deleteDevice(db, target.id);
    return { detail: TWO_FACTOR_MESSAGES.disabled };
  }
}
