import { REGISTER_MESSAGES, type RegisterRequest } from '@vigil/contracts';
import { type CaptchaVerifier, redeemCaptcha } from '../../captcha/captcha.service';
import type { AppContext } from '../../context';
import { uniqueViolationOf } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { getMaxClientNumber, insertClient } from '../clients/clients.repo';
import { insertLocation } from '../sites/sites.repo';
import { sendActivation } from '../users/activation';
import { upsertMembership } from '../users/memberships.repo';
import { findUserByEmail, updateUser } from '../users/users.repo';
import { createUser } from '../users/users.service';
import { linkUserToClient } from '../users/users-clients.repo';

type RegistrationContext = Pick<AppContext, 'config' | 'db' | 'mailer'>;

/** The site every demo client starts with; its person manages it. */
export const DEMO_SITE = { title: 'Demo Site', timezone: 'UTC' } as const;

function emailTaken(): AppError {
  return AppError.validation({ email: [REGISTER_MESSAGES.emailTaken] });
}

/**
 * POST register-for-demo/: uses the captcha up, then creates in one transaction a client for the
 * company, its 'Demo Site', and the person as the client's accounts management (A section 3: the
 * person with the client's e-mail administers it) and Manager of the site, without a password; the
 * activation e-mail goes out with the same transaction.
 */
export async function registerForDemo(
  ctx: RegistrationContext,
  captcha: CaptchaVerifier,
  input: RegisterRequest,
): Promise<void> {
  await redeemCaptcha(captcha, input.captcha);
  if ((await findUserByEmail(ctx.db, input.email)) !== undefined) {
    throw emailTaken();
  }
  // Two registrations at once may pick the same next client number: the loser tries again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await createDemoAccount(ctx, input);
      return;
    } catch (error) {
      const constraint = uniqueViolationOf(error);
      const isEmailTaken = error instanceof AppError && error.fields?.email !== undefined;
      if (isEmailTaken || constraint === 'users_email_lower_key') {
        throw emailTaken();
      }
      if (constraint !== 'clients_number_unique' || attempt === 3) {
        throw error;
      }
    }
  }
}

async function createDemoAccount(ctx: RegistrationContext, input: RegisterRequest): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const client = await insertClient(tx, {
      number: (await getMaxClientNumber(tx)) + 1,
      company: input.company,
      fullName: input.name,
      email: input.email,
      address: '',
      phone: '',
    });
    const site = await insertLocation(tx, {
      ...DEMO_SITE,
      clientId: client.id,
      address: '',
      fullName: input.name,
      email: input.email,
    });
    const user = await createUser(tx, {
      email: input.email,
      fullName: input.name,
      company: input.company,
      roles: { isAccountsManagement: true },
    });
    await linkUserToClient(tx, client.id, user.id, { asAdministrator: true });
    await upsertMembership(tx, { locationId: site.id, userId: user.id, permission: 'Manager' });
    await updateUser(tx, user.id, { currentClientId: client.id, currentLocationId: site.id });
    await sendActivation(ctx, user, tx);
  });
}
