import { isStaffUser } from '../../access/access';
import { findClientIdsOfUser, isUserInClient } from '../../access/access.repo';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';

type ClientChooser = Pick<
  UserRow,
  'id' | 'isSuperuser' | 'isOem' | 'isAccountsManagement' | 'isManager' | 'isEngineer' | 'currentClientId'
>;

/**
 * The client whose sites the user works in: the chosen one while they still belong to it; for a client
 * user who has none chosen (or lost it), their first client. Staff must choose one: null until then.
 */
export async function resolveCurrentClientId(db: Database, user: ClientChooser): Promise<number | null> {
  const chosen = user.currentClientId;
  if (chosen !== null && (isStaffUser(user) || (await isUserInClient(db, user.id, chosen)))) {
    return chosen;
  }
  if (isStaffUser(user)) {
    return null;
  }
  const clientIds = await findClientIdsOfUser(db, user.id);
  return clientIds.length === 0 ? null : Math.min(...clientIds);
}
