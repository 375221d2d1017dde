import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_RESET_MESSAGES, type PasswordResetConfirm } from '@vigil/contracts';
import { hashPassword } from '../../access/passwords';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/tables/users.table';
import { AppError } from '../../errors';
import type { ControlPublisher } from '../../realtime/control-events';
import { escapeHtml, sendActivation } from '../users/activation';
import * as usersRepo from '../users/users.repo';
import { assertNewPassword } from './password-input';
import * as passwordResetRepo from './password-reset.repo';
import type { ResetRateLimiter } from './reset-rate-limit';
import * as sessionsRepo from './sessions.repo';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { users: usersRepo, sessions: sessionsRepo, passwordReset: passwordResetRepo };
export type PasswordResetRepositories = typeof REPOSITORIES;
export type PasswordResetDeps = Pick<AppContext, 'config' | 'db' | 'mailer'> & {
  /** Tells the user's live feeds that their sessions ended. */
  signals: ControlPublisher;
  /** Limits reset requests per requester address. */
  limiter: ResetRateLimiter;
  now?: () => Date;
  repos?: PasswordResetRepositories;
};

/** The user part of a reset link: the id in base 36 (never holds a dash). */
export function encodeUid(userId: number): string {
  return userId.toString(36);
}

export function decodeUid(uid: string): number | undefined {
  if (!/^[0-9a-z]{1,10}$/.test(uid)) {
    return undefined;
  }
  const id = Number.parseInt(uid, 36);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** The web route /password/reset/key/{uid}-{token}. */
export function passwordResetLink(publicUrl: string, userId: number, token: string): string {
  return `${publicUrl}password/reset/key/${encodeUid(userId)}-${token}`;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function resetMail(config: AppContext['config'], user: UserRow, token: string) {
  const link = passwordResetLink(config.publicUrl, user.id, token);
  const hours = Math.round(config.passwordResetTtlSeconds / 3600);
  const greeting = user.firstName === '' ? 'Hello,' : `Hello ${user.firstName},`;
  const text = [
    greeting,
    '',
    'Someone (hopefully you) asked to reset the password of your Vigil account.',
    `Choose a new password here (the link works once, for ${hours} hours):`,
    link,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>Someone (hopefully you) asked to reset the password of your Vigil account.</p><p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works once, for ${hours} hours).</p><p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`;
  return { to: user.email, subject: 'Reset your Vigil password', text, html, kind: 'password-reset' };
}

function invalidLink(): AppError {
  return AppError.validation({ token: [PASSWORD_RESET_MESSAGES.invalidLink] });
}

/** accounts/password/reset/ and reset/confirm/ (A section 7). */
export class PasswordResetService {
  private readonly repos: PasswordResetRepositories;

  constructor(private readonly deps: PasswordResetDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /**
   * POST accounts/password/reset/: e-mails a single-use reset link. The spec names unknown addresses
   * ('not assigned to any user account'). Someone who never activated gets a new activation link instead,
   * so the terms of use are still accepted before a first password. Requests are limited per requester
   * address (known and unknown e-mails alike), never per person, so nobody can block another's reset.
   */
  async request(email: string, ip: string): Promise<void> {
    const { db, config, mailer } = this.deps;
    const now = this.now();
    const retryAfter = await this.deps.limiter.takeRequest(ip, email);
    if (retryAfter > 0) {
      throw new AppError('rate_limited', PASSWORD_RESET_MESSAGES.tooManyRequests, undefined, retryAfter);
    }
    const user = await this.repos.users.findUserByEmail(db, email);
    if (user === undefined || !user.isActive) {
      throw AppError.validation({ email: [PASSWORD_RESET_MESSAGES.unknownEmail] });
    }
    if (user.passwordHash === null) {
      await db.transaction((tx) => sendActivation(this.deps, user, tx));
      return;
    }
    const token = randomBytes(32).toString('hex');
    const expiresAt = new Date(now.getTime() + config.passwordResetTtlSeconds * 1000);
    await db.transaction(async (tx) => {
      const tokenHash = hashToken(token);
      await this.repos.passwordReset.insertResetToken(tx, {
        userId: user.id,
        tokenHash,
        createdAt: now,
        expiresAt,
      });
      await mailer.send(resetMail(config, user, token), tx);
    });
  }

  /** POST accounts/password/reset/confirm/: sets the new password, uses the link up and ends every session. */
  async confirm(input: PasswordResetConfirm): Promise<void> {
    const now = this.now();
    const { user, tokenId } = await this.findResetUser(input.uid, input.token, now);
    const values = { password: input.new_password1, confirmation: input.new_password2 };
    assertNewPassword(values, user, { password: 'new_password1', confirmation: 'new_password2' });
    const passwordHash = await hashPassword(input.new_password1);
    await this.deps.db.transaction(async (tx) => {
      // Two confirmations racing with one link: only the first finds the token still unused.
      if (!(await this.repos.passwordReset.useUpResetTokens(tx, user.id, now, tokenId))) {
        throw invalidLink();
      }
      await this.repos.users.updateUser(tx, user.id, { passwordHash, passwordChangedAt: now });
      await this.repos.sessions.revokeUserSessions(tx, user.id, now);
    });
    this.deps.signals.publishControl({ name: 'session-revoked', data: { userId: user.id } });
  }

  /** The user a reset link belongs to, when the link is unused, unexpired and newer than the last password change. */
  private async findResetUser(uid: string, token: string, now: Date) {
    const { db } = this.deps;
    const userId = decodeUid(uid);
    const row =
      userId === undefined
        ? undefined
        : await this.repos.passwordReset.findResetTokenByHash(db, hashToken(token));
    if (row === undefined || row.userId !== userId || row.usedAt !== null || row.expiresAt <= now) {
      throw invalidLink();
    }
    const user = await this.repos.users.getUserById(db, row.userId);
    const isStale = user?.passwordChangedAt != null && row.createdAt < user.passwordChangedAt;
    if (user === undefined || !user.isActive || isStale) {
      throw invalidLink();
    }
    return { user, tokenId: row.id };
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }
}
