import { canManageClient, getSiteAccess, type SiteAccess } from '../../access/access';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';
import { forbidden } from '../../errors';

/**
 * A section 6 'Add device: manager or account manager': staff and the client's accounts management,
 * or a Manager of the site. 404 for a site the user cannot see, 403 for one they may not add to.
 */
export async function assertCanAddDeviceAt(db: Database, user: UserRow, siteId: number): Promise<SiteAccess> {
  const access = await getSiteAccess(db, user, siteId);
  if (access.permission === 'Manager' || (await canManageClient(db, user, access.clientId))) {
    return access;
  }
  throw forbidden();
}
