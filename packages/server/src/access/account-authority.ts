import type { Database } from '../db/database';
import type { UserRow } from '../db/tables/users.table';
import { isStaffUser } from './access';
import { findAdministeredClientIds, findClientIdsOfUser, findClientIdsOfUsers } from './access.repo';

/**
 * Power over a person's account and sight of their whole profile (docs/permissions.md, 'A person of
 * several clients'). Linking a person into another client must not hand that client's administrators
 * the person's account: a reset 2FA, a resent activation link or a changed e-mail opens every client's
 * sites, so these stay with staff and with whoever administers every client the person belongs to.
 */

type Person = Pick<
  UserRow,
  'id' | 'isSuperuser' | 'isOem' | 'isAccountsManagement' | 'isManager' | 'isEngineer'
>;

/** The clients the actor belongs to and those they administer (accounts management there). */
export type ActorClients = { member: readonly number[]; administered: readonly number[] };

export type AccountAuthority = {
  /** May reset 2FA, resend activation, change profile, e-mail and roles, and see the activation key. */
  holdsAccount: boolean;
  /** Sees company, phone and address: the person belongs to no client the actor is outside of. */
  seesProfile: boolean;
};

function isWithin(clients: readonly number[], allowed: readonly number[]): boolean {
  return clients.length > 0 && clients.every((id) => allowed.includes(id));
}

/** The rule itself, on loaded client ids. */
export function judgeAccountAuthority(
  actor: Person,
  target: Person,
  actorClients: ActorClients,
  targetClients: readonly number[],
): AccountAuthority {
  if (isStaffUser(actor)) {
    // Only a super user touches staff accounts.
    return { holdsAccount: !isStaffUser(target) || actor.isSuperuser, seesProfile: true };
  }
  const holdsAccount =
    actor.isAccountsManagement && !isStaffUser(target) && isWithin(targetClients, actorClients.administered);
  const seesProfile = actor.id === target.id || isWithin(targetClients, actorClients.member);
  return { holdsAccount, seesProfile };
}

async function loadActorClients(db: Database, actor: Person): Promise<ActorClients> {
  const [member, administered] = await Promise.all([
    findClientIdsOfUser(db, actor.id),
    actor.isAccountsManagement ? findAdministeredClientIds(db, actor.id) : Promise.resolve([]),
  ]);
  return { member, administered };
}

/** The actor's authority over one person. */
export async function getAccountAuthority(
  db: Database,
  actor: Person,
  target: Person,
): Promise<AccountAuthority> {
  const [actorClients, targetClients] = await Promise.all([
    loadActorClients(db, actor),
    findClientIdsOfUser(db, target.id),
  ]);
  return judgeAccountAuthority(actor, target, actorClients, targetClients);
}

/** True when the actor holds the person's account (see AccountAuthority.holdsAccount). */
export async function holdsAccountOf(db: Database, actor: Person, target: Person): Promise<boolean> {
  return (await getAccountAuthority(db, actor, target)).holdsAccount;
}

/** The actor's authority over each listed person, with two queries whatever the list's length. */
export async function getAccountAuthorities(
  db: Database,
  actor: Person,
  targets: readonly Person[],
): Promise<Map<number, AccountAuthority>> {
  const [actorClients, clientsOf] = await Promise.all([
    loadActorClients(db, actor),
    findClientIdsOfUsers(
      db,
      targets.map((target) => target.id),
    ),
  ]);
  return new Map(
    targets.map((target) => [
      target.id,
      judgeAccountAuthority(actor, target, actorClients, clientsOf.get(target.id) ?? []),
    ]),
  );
}

/** Whether the actor may know the person exists: staff, the person, or a fellow member of a client. */
export async function sharesClient(db: Database, actor: Person, target: Person): Promise<boolean> {
  if (isStaffUser(actor) || actor.id === target.id) {
    return true;
  }
  const [actorClients, targetClients] = await Promise.all([
    findClientIdsOfUser(db, actor.id),
    findClientIdsOfUser(db, target.id),
  ]);
  return targetClients.some((id) => actorClients.includes(id));
}
