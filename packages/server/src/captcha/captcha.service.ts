import { createHash } from 'node:crypto';
import { CAPTCHA_MESSAGES } from '@vigil/contracts';
import type { AppContext } from '../context';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { type AltchaKeys, altchaKeysFrom, isAltchaSolved, parseAltchaPayload } from './altcha';
import { deleteExpiredRedemptions, hasRedemption, insertRedemption } from './captcha.repo';
import { googleSiteVerify, RECAPTCHA_TOKEN_TTL_SECONDS, type SiteVerify } from './recaptcha';

/**
 * Checks solved captchas (design.md section 5): self-hosted ALTCHA by default, Google reCAPTCHA when
 * RECAPTCHA_SECRET is set. verify-recaptcha/ only checks; the forms it guards redeem, which uses the
 * token up so it cannot be replayed.
 */
export type CaptchaVerifier = {
  /** Solved, unexpired and not used up yet; does not use it up. */
  check(token: string): Promise<boolean>;
  /** Like check, and uses the token up: only the first redeem of a token succeeds. */
  redeem(token: string): Promise<boolean>;
};

const PURGE_EVERY_MS = 10 * 60_000;

/** Used-up captchas in captcha_redemptions, with expired rows purged at most every ten minutes. */
class Redemptions {
  private lastPurge = 0;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  has(key: string): Promise<boolean> {
    return hasRedemption(this.db, key, this.now());
  }

  async use(key: string, expiresAt: Date): Promise<boolean> {
    const now = this.now();
    if (now.getTime() - this.lastPurge > PURGE_EVERY_MS) {
      this.lastPurge = now.getTime();
      await deleteExpiredRedemptions(this.db, now);
    }
    return insertRedemption(this.db, key, expiresAt);
  }
}

export class AltchaVerifier implements CaptchaVerifier {
  private readonly redemptions: Redemptions;

  constructor(
    db: Database,
    private readonly keys: AltchaKeys,
    now: () => Date = () => new Date(),
  ) {
    this.redemptions = new Redemptions(db, now);
  }

  async check(token: string): Promise<boolean> {
    const payload = parseAltchaPayload(token);
    if (payload === null || !(await isAltchaSolved(this.keys, payload))) {
      return false;
    }
    return !(await this.redemptions.has(payload.challenge.signature));
  }

  async redeem(token: string): Promise<boolean> {
    const payload = parseAltchaPayload(token);
    if (payload === null || !(await isAltchaSolved(this.keys, payload))) {
      return false;
    }
    const expiresAt = new Date(payload.challenge.parameters.expiresAt * 1000);
    return this.redemptions.use(payload.challenge.signature, expiresAt);
  }
}

/**
 * Google answers each response once, yet the spec checks it twice (verify-recaptcha/, then the form).
 * A response Google confirmed is remembered as 'recaptcha-ok:<hash>' for its two-minute life; redeeming
 * records 'recaptcha-used:<hash>'. Both live in captcha_redemptions, so every instance sees them.
 */
export class RecaptchaVerifier implements CaptchaVerifier {
  private readonly redemptions: Redemptions;

  constructor(
    db: Database,
    private readonly siteVerify: SiteVerify,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.redemptions = new Redemptions(db, now);
  }

  async check(token: string): Promise<boolean> {
    const hash = hashToken(token);
    if (await this.redemptions.has(`recaptcha-used:${hash}`)) {
      return false;
    }
    if (await this.redemptions.has(`recaptcha-ok:${hash}`)) {
      return true;
    }
    if (!(await this.siteVerify(token))) {
      return false;
    }
    await this.redemptions.use(`recaptcha-ok:${hash}`, this.tokenExpiry());
    return true;
  }

  async redeem(token: string): Promise<boolean> {
    const hash = hashToken(token);
    const isConfirmed =
      (await this.redemptions.has(`recaptcha-ok:${hash}`)) || (await this.siteVerify(token));
    if (!isConfirmed) {
      return false;
    }
    return this.redemptions.use(`recaptcha-used:${hash}`, this.tokenExpiry());
  }

  private tokenExpiry(): Date {
    return new Date(this.now().getTime() + RECAPTCHA_TOKEN_TTL_SECONDS * 1000);
  }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The verifier the configuration asks for; `siteVerify` replaces the call to Google in tests. */
export function createCaptchaVerifier(
  ctx: Pick<AppContext, 'config' | 'db' | 'secrets'>,
  options: { siteVerify?: SiteVerify } = {},
): CaptchaVerifier {
  const secret = ctx.config.recaptchaSecret;
  if (secret === undefined) {
    return new AltchaVerifier(ctx.db, altchaKeysFrom(ctx.secrets.hmacKey));
  }
  return new RecaptchaVerifier(ctx.db, options.siteVerify ?? googleSiteVerify(secret));
}

/** Redeems the token or throws the 400 of A section 8 ('CAPTCHA verification failed!'). */
export async function redeemCaptcha(verifier: CaptchaVerifier, token: string): Promise<void> {
  if (!(await verifier.redeem(token))) {
    throw AppError.validation({ captcha: [CAPTCHA_MESSAGES.failed] });
  }
}
