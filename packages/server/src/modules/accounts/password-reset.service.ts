import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_RESET_MESSAGES, type PasswordResetConfirm } from '@vigil/contracts';
import { hashPassword } from '../../access/passwords';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/tables/users.table';
import { AppError } from '../../errors';
import { escapeHtml, sendActivation } from '../users/activation';
import { findUserByEmail, getUserById, updateUser } from '../users/users.repo';
import { assertNewPassword } from './password-input';
import { findResetTokenByHash, insertResetToken, useUpResetTokens } from './password-reset.repo';
import type { ResetRateLimiter } from './reset-rate-limit';
import { revokeUserSessions } from './sessions.repo';

type ResetContext = Pick<AppContext, 'config' | 'db' | 'mailer' | 'bus'>;

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

/**
 * POST accounts/password/reset/: e-mails a single-use reset link. The spec names unknown addresses
 * ('not assigned to any user account'). Someone who never activated gets a new activation link instead,
 * so the terms of use are still accepted before a first password. Requests are limited per requester
 * address (known and unknown e-mails alike), never per person, so nobody can block another's reset.
 */
export async function requestPasswordReset(
  ctx: ResetContext,
  email: string,
  requester: { limiter: ResetRateLimiter; ip: string },
  now = new Date(),
): Promise<void> {
  const retryAfter = requester.limiter.takeRequest(requester.ip, email);
  if (retryAfter > 0) {
    throw new AppError('rate_limited', PASSWORD_RESET_MESSAGES.tooManyRequests, undefined, retryAfter);
  }
  const user = await findUserByEmail(ctx.db, email);
  if (user === undefined || !user.isActive) {
    throw AppError.validation({ email: [PASSWORD_RESET_MESSAGES.unknownEmail] });
  }
  if (user.passwordHash === null) {
    await ctx.db.transaction((tx) => sendActivation(ctx, user, tx));
    return;
  }
  const token = randomBytes(32).toString('hex');
  const expiresAt = new Date(now.getTime() + ctx.config.passwordResetTtlSeconds * 1000);
  await ctx.db.transaction(async (tx) => {
    await insertResetToken(tx, { userId: user.id, tokenHash: hashToken(token), createdAt: now, expiresAt });
    await ctx.mailer.send(resetMail(ctx, user, token), tx);
  });
}

function resetMail(ctx: ResetContext, user: UserRow, token: string) {
  const link = passwordResetLink(ctx.config.publicUrl, user.id, token);
  const hours = Math.round(ctx.config.passwordResetTtlSeconds / 3600);
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

/** The user a reset link belongs to, when the link is unused, unexpired and newer than the last password change. */
async function findResetUser(ctx: ResetContext, uid: string, token: string, now: Date) {
  const userId = decodeUid(uid);
  const row = userId === undefined ? undefined : await findResetTokenByHash(ctx.db, hashToken(token));
  if (row === undefined || row.userId !== userId || row.usedAt !== null || row.expiresAt <= now) {
    throw invalidLink();
  }
  const user = await getUserById(ctx.db, row.userId);
  const isStale = user?.passwordChangedAt != null && row.createdAt < user.passwordChangedAt;
  if (user === undefined || !user.isActive || isStale) {
    throw invalidLink();
  }
  return { user, tokenId: row.id };
}

/** POST accounts/password/reset/confirm/: sets the new password, uses the link up and ends every session. */
export async function confirmPasswordReset(
  ctx: ResetContext,
  input: PasswordResetConfirm,
  now = new Date(),
): Promise<void> {
  const { user, tokenId } = await findResetUser(ctx, input.uid, input.token, now);
  const values = { password: input.new_password1, confirmation: input.new_password2 };
  assertNewPassword(values, user, { password: 'new_password1', confirmation: 'new_password2' });
  const passwordHash = await hashPassword(input.new_password1);
  await ctx.db.transaction(async (tx) => {
    // Two confirmations racing with one link: only the first finds the token still unused.
    if (!(await useUpResetTokens(tx, user.id, now, tokenId))) {
      throw invalidLink();
    }
    await updateUser(tx, user.id, { passwordHash, passwordChangedAt: now });
    await revokeUserSessions(tx, user.id, now);
  });
  ctx.bus.publishControl({ name: 'session-revoked', data: { userId: user.id } });
}
