import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import type { ClientRow } from '../../db/tables/clients.table';
import type { UserRow } from '../../db/tables/users.table';
import { escapeHtml, sendActivation } from '../users/activation';
import { findUserByEmail, updateUser } from '../users/users.repo';
import type { UsersService } from '../users/users.service';
import { linkUserToClient } from '../users/users-clients.repo';

type MailContext = Pick<AppContext, 'config' | 'db' | 'mailer'>;
type AppointContext = MailContext & { users: UsersService };

/** Someone who has not chosen a password through their activation link yet. */
function isUnactivated(user: UserRow): boolean {
  return user.activationKey !== null || user.passwordHash === null;
}

/**
 * A section 3: the person with the client's e-mail administers the client. A new person becomes an
 * unactivated accounts-management user and gets the activation e-mail; a known person is linked,
 * made accounts management and told by e-mail (or sent activation again if they never activated).
 * Runs inside the caller's transaction.
 */
export async function appointAdministrator(
  ctx: AppointContext,
  tx: Database,
  client: ClientRow,
): Promise<void> {
  const existing = await findUserByEmail(tx, client.email);
  if (existing === undefined) {
    const user = await ctx.users.inTransaction(tx).create({
      email: client.email,
      fullName: client.fullName,
      company: client.company,
      phone: client.phone,
      address: client.address,
      roles: { isAccountsManagement: true },
    });
    await linkUserToClient(tx, client.id, user.id, { asAdministrator: true });
    await updateUser(tx, user.id, { currentClientId: client.id });
    await sendActivation(ctx, user, tx);
    return;
  }
  await linkUserToClient(tx, client.id, existing.id, { asAdministrator: true });
  await updateUser(tx, existing.id, {
    isAccountsManagement: true,
    currentClientId: existing.currentClientId ?? client.id,
  });
  if (isUnactivated(existing)) {
    await sendActivation(ctx, existing, tx);
    return;
  }
  await sendAdministratorNotice(ctx, existing, client, tx);
}

async function sendAdministratorNotice(
  ctx: MailContext,
  user: UserRow,
  client: ClientRow,
  tx: Database,
): Promise<void> {
  const greeting = user.firstName === '' ? 'Hello,' : `Hello ${user.firstName},`;
  const portal = ctx.config.publicUrl;
  const text = [
    greeting,
    '',
    `You now administer the client ${client.company} (account ${client.number}) on Vigil.`,
    `Sign in with your existing account to manage its sites and users: ${portal}`,
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>You now administer the client <strong>${escapeHtml(client.company)}</strong> (account ${client.number}) on Vigil.</p><p><a href="${escapeHtml(portal)}">Sign in</a> with your existing account to manage its sites and users.</p>`;
  await ctx.mailer.send(
    {
      to: user.email,
      subject: `You administer ${client.company} on Vigil`,
      text,
      html,
      kind: 'client-administrator',
    },
    tx,
  );
}
