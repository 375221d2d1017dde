import {
  ACTIVATION_MESSAGES,
  type ActivationState,
  NON_FIELD_ERRORS,
  type SetPasswordRequest,
} from '@vigil/contracts';
import { hashPassword } from '../../access/passwords';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/tables/users.table';
import { AppError } from '../../errors';
import type { AccountsService, RequestMeta } from '../accounts/accounts.service';
import { assertNewPassword } from '../accounts/password-input';
import { revokeUserSessions } from '../accounts/sessions.repo';
import { findUserByActivationKey, updateUserHoldingKey } from './activation.repo';

/** What activation needs: the application's context and sign-in, to open the session a set password earns. */
export type ActivationContext = Pick<AppContext, 'config' | 'db' | 'bus'> & {
  accounts: Pick<AccountsService, 'openSession'>;
};

function invalidLink(): AppError {
  return new AppError('not_found', ACTIVATION_MESSAGES.invalidLink);
}

/** Whether an activation key made at `createdAt` still works at `now`. */
export function isActivationKeyLive(createdAt: Date | null, ttlSeconds: number, now: Date): boolean {
  return createdAt !== null && now.getTime() - createdAt.getTime() < ttlSeconds * 1000;
}

/** The active user holding a live key; 404 'Sorry, the activation link is invalid.' for anything else. */
async function findActivatingUser(ctx: ActivationContext, key: string, now: Date): Promise<UserRow> {
  const user = key === '' ? undefined : await findUserByActivationKey(ctx.db, key);
  if (
    !user?.isActive ||
    !isActivationKeyLive(user.activationKeyCreatedAt, ctx.config.activationTtlSeconds, now)
  ) {
    throw invalidLink();
  }
  return user;
}

function stateOf(user: UserRow): ActivationState {
  return { stage: user.termsAcceptedAt === null ? 0 : 1, email: user.email, first_name: user.firstName };
}

/** GET users/activation/get-state/{key}: stage 0 (terms) or 1 (password). */
export async function getActivationState(
  ctx: ActivationContext,
  key: string,
  now = new Date(),
): Promise<ActivationState> {
  return stateOf(await findActivatingUser(ctx, key, now));
}

/** POST users/activation/accept-terms/{key}/: records the acceptance and moves to stage 1. */
export async function acceptTerms(
  ctx: ActivationContext,
  key: string,
  now = new Date(),
): Promise<ActivationState> {
  const user = await findActivatingUser(ctx, key, now);
  const termsAcceptedAt = user.termsAcceptedAt ?? now;
  if (!(await updateUserHoldingKey(ctx.db, user.id, key, { termsAcceptedAt }))) {
    throw invalidLink();
  }
  return stateOf({ ...user, termsAcceptedAt });
}

/**
 * POST users/activation/set-password/{key}/: sets the first password after the terms were accepted,
 * uses the key up, ends any older session and signs the user in (201 with a token).
 */
export async function setPasswordWithKey(
  ctx: ActivationContext,
  key: string,
  input: SetPasswordRequest,
  meta: RequestMeta,
  now = new Date(),
): Promise<string> {
  const user = await findActivatingUser(ctx, key, now);
  if (user.termsAcceptedAt === null) {
    throw AppError.validation({ [NON_FIELD_ERRORS]: [ACTIVATION_MESSAGES.termsNotAccepted] });
  }
  const values = { password: input.password1, confirmation: input.password2 };
  assertNewPassword(values, user, { password: 'password1', confirmation: 'password2' });
  const passwordHash = await hashPassword(input.password1);
  await ctx.db.transaction(async (tx) => {
    const change = {
      passwordHash,
      passwordChangedAt: now,
      activationKey: null,
      activationKeyCreatedAt: null,
    };
    // Two submissions racing with one key: only the first still finds it.
    if (!(await updateUserHoldingKey(tx, user.id, key, change))) {
      throw invalidLink();
    }
    await revokeUserSessions(tx, user.id, now);
  });
  ctx.bus.publishControl({ name: 'session-revoked', data: { userId: user.id } });
  return ctx.accounts.openSession({ ...user, passwordHash }, meta);
}
