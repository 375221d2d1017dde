import { createHash } from 'node:crypto';
import { CAPTCHA_MESSAGES } from '@vigil/contracts';
import type { AppContext } from '../context';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { type AltchaKeys, altchaKeysFrom, isAltchaSolved, parseAltchaPayload } from './altcha';
import * as captchaRepo from './captcha.repo';
import { googleSiteVerify, RECAPTCHA_TOKEN_TTL_SECONDS, type SiteVerify } from './recaptcha';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { captcha: captchaRepo };
export type CaptchaRepositories = typeof REPOSITORIES;

/** How solutions are checked: self-hosted ALTCHA with these keys, or Google reCAPTCHA's siteverify. */
export type CaptchaVerification = { altcha: AltchaKeys } | { siteVerify: SiteVerify };

export type CaptchaDeps = {
  db: Database;
  verification: CaptchaVerification;
  now?: () => Date;
  repos?: CaptchaRepositories;
};

/** One way of checking a token: ALTCHA or reCAPTCHA. */
type Verifier = {
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
    private readonly repos: CaptchaRepositories,
    private readonly now: () => Date,
  ) {}

  has(key: string): Promise<boolean> {
    return this.repos.captcha.hasRedemption(this.db, key, this.now());
  }

  async use(key: string, expiresAt: Date): Promise<boolean> {
    const now = this.now();
    if (now.getTime() - this.lastPurge > PURGE_EVERY_MS) {
      this.lastPurge = now.getTime();
      await this.repos.captcha.deleteExpiredRedemptions(this.db, now);
    }
    return this.repos.captcha.insertRedemption(this.db, key, expiresAt);
  }
}

class AltchaVerifier implements Verifier {
  constructor(
    private readonly redemptions: Redemptions,
    private readonly keys: AltchaKeys,
  ) {}

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
class RecaptchaVerifier implements Verifier {
  constructor(
    private readonly redemptions: Redemptions,
    private readonly siteVerify: SiteVerify,
    private readonly now: () => Date,
  ) {}

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

/**
 * Checks solved captchas (design.md section 5): self-hosted ALTCHA by default, Google reCAPTCHA when
 * RECAPTCHA_SECRET is set. verify-recaptcha/ only checks; the forms it guards redeem, which uses the
 * token up so it cannot be replayed.
 */
export class CaptchaService {
  private readonly verifier: Verifier;

  constructor(deps: CaptchaDeps) {
    const now = deps.now ?? (() => new Date());
    const redemptions = new Redemptions(deps.db, deps.repos ?? REPOSITORIES, now);
    const { verification } = deps;
    this.verifier =
      'altcha' in verification
        ? new AltchaVerifier(redemptions, verification.altcha)
        : new RecaptchaVerifier(redemptions, verification.siteVerify, now);
  }

  /** Solved, unexpired and not used up yet; does not use it up. */
  check(token: string): Promise<boolean> {
    return this.verifier.check(token);
  }

  /** Like check, and uses the token up: only the first redeem of a token succeeds. */
  redeem(token: string): Promise<boolean> {
    return this.verifier.redeem(token);
  }

  /** Redeems the token or throws the 400 of A section 8 ('CAPTCHA verification failed!'). */
  async assertRedeemed(token: string): Promise<void> {
    if (!(await this.redeem(token))) {
      throw AppError.validation({ captcha: [CAPTCHA_MESSAGES.failed] });
    }
  }
}

/** The verification the configuration asks for; `siteVerify` replaces the call to Google in tests. */
export function captchaVerificationOf(
  ctx: Pick<AppContext, 'config' | 'secrets'>,
  options: { siteVerify?: SiteVerify } = {},
): CaptchaVerification {
  const secret = ctx.config.recaptchaSecret;
  if (secret === undefined) {
    return { altcha: altchaKeysFrom(ctx.secrets.hmacKey) };
  }
  return { siteVerify: options.siteVerify ?? googleSiteVerify(secret) };
}
