import { ASSIGNED_USER_MESSAGES, NON_FIELD_ERRORS } from '@vigil/contracts';
import { holdsAccountOf } from '../../access/account-authority';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/tables/users.table';
import { AppError, forbidden } from '../../errors';
import { sendActivation } from './activation';
import { getReadableUser } from './users-access';

/** What a new activation link needs: the database, the portal's address and the mailer (no repository of its own). */
export type UsersResendActivationDeps = Pick<AppContext, 'config' | 'db' | 'mailer'>;

/** users/activation/resend-activation/{id}/ (A section 7). */
export class UsersResendActivationService {
  constructor(private readonly deps: UsersResendActivationDeps) {}

  /**
   * POST users/activation/resend-activation/{id}/: a fresh activation link by e-mail for a person who has
   * not activated yet; staff and whoever administers every client of the person (account-authority.ts).
   */
  async resend(actor: UserRow, id: number): Promise<{ detail: string }> {
    const { db } = this.deps;
    const target = await getReadableUser(db, actor, id);
    if (!(await holdsAccountOf(db, actor, target))) {
      throw forbidden();
    }
    if (target.passwordHash !== null) {
      throw AppError.validation({ [NON_FIELD_ERRORS]: [ASSIGNED_USER_MESSAGES.alreadyActivated] });
    }
    await sendActivation(this.deps, target);
    return { detail: ASSIGNED_USER_MESSAGES.activationSent };
  }
}
