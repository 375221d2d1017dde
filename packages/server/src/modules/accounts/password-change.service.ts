import { PASSWORD_MESSAGES, type PasswordChange } from '@vigil/contracts';
import type { AuthContext } from '../../access/authentication';
import { hashPassword, verifyPassword } from '../../access/passwords';
import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import type { ControlPublisher } from '../../realtime/control-events';
import { updateUser } from '../users/users.repo';
import type { LoginRateLimiter } from './login-rate-limit';
import { assertNewPassword } from './password-input';
import { useUpResetTokens } from './password-reset.repo';
import { revokeUserSessions } from './sessions.repo';

/**
 * POST accounts/password/change/: the signed-in user proves the old password and picks a new one.
 * Every other session of the user ends (this one stays), and reset links already sent stop working.
 */
export async function changePassword(
  { db, bus }: { db: Database; bus: ControlPublisher },
  auth: AuthContext,
  input: PasswordChange,
  guard: { limiter: LoginRateLimiter; ip: string },
  now = new Date(),
): Promise<void> {
  const { user, session } = auth;
  // A stolen session must not become a way to guess the password: the sign-in limits apply.
  const account = `user:${user.id}`;
  const retryAfter = guard.limiter.retryAfterSeconds(account, guard.ip);
  if (retryAfter > 0) {
    throw new AppError('rate_limited', PASSWORD_MESSAGES.tooManyAttempts, undefined, retryAfter);
  }
  const isOldPasswordRight = await verifyPassword(user.passwordHash, input.old_password);
  guard.limiter.recordAttempt(account, guard.ip, isOldPasswordRight);
  if (!isOldPasswordRight) {
    throw AppError.validation({ old_password: [PASSWORD_MESSAGES.wrongOldPassword] });
  }
  const values = { password: input.new_password1, confirmation: input.new_password2 };
  assertNewPassword(values, user, { password: 'new_password1', confirmation: 'new_password2' });
  const passwordHash = await hashPassword(input.new_password1);
  await db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash, passwordChangedAt: now });
    await revokeUserSessions(tx, user.id, now, session.id);
    await useUpResetTokens(tx, user.id, now);
  });
  // Its live-feed sockets re-check: those of other sessions close, this session's stay.
  bus.publishControl({ name: 'session-revoked', data: { userId: user.id } });
}
