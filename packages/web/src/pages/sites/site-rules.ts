import {
  ASSIGNED_USERS_PAGE_SIZE,
  canEdit,
  isStaff,
  type LocationAccess,
  type Me,
  type Permission,
} from '@vigil/contracts';

type RoleUser = Pick<
  Me,
  'is_superuser' | 'is_oem' | 'is_accounts_management' | 'is_manager' | 'is_engineer' | 'locations_roles'
>;

/** Engineer or Manager at some site. */
function editsSomeSite(user: RoleUser): boolean {
  return Object.values(user.locations_roles).some((role) => role === 'Engineer' || role === 'Manager');
}

/** A section 6: 'Add New Site' and the add-user page for OEM, super user or edit rights. */
export function hasEditAccess(user: RoleUser): boolean {
  return isStaff(user) || canEdit(user) || editsSomeSite(user);
}

/** Removing sites and people, resending activation and resetting 2FA: staff and accounts management. */
export function managesClient(user: RoleUser): boolean {
  return isStaff(user) || user.is_accounts_management;
}

export type SiteAccessState = { has_access: boolean; permission: Permission };

/**
 * The location_access entries to send for an edited person: only sites the reader may edit whose
 * access or permission differs from what the person had (absent counts as no access, User).
 */
export function changedAccess(
  original: ReadonlyArray<Pick<LocationAccess, 'location_id' | 'has_access' | 'permission'>>,
  current: ReadonlyMap<number, SiteAccessState>,
  editableSiteIds: readonly number[],
): LocationAccess[] {
  const before = new Map(original.map((entry) => [entry.location_id, entry]));
  const changes: LocationAccess[] = [];
  for (const siteId of editableSiteIds) {
    const now = current.get(siteId);
    if (now === undefined) {
      continue;
    }
    const was = before.get(siteId) ?? { has_access: false, permission: 'User' as Permission };
    if (was.has_access !== now.has_access || (now.has_access && was.permission !== now.permission)) {
      changes.push({ location_id: siteId, has_access: now.has_access, permission: now.permission });
    }
  }
  return changes;
}

/** After a removal leaves the page empty, step back one page (never below the first). */
export function offsetAfterRemoval(
  offset: number,
  remaining: number,
  pageSize = ASSIGNED_USERS_PAGE_SIZE,
): number {
  if (offset > 0 && offset >= remaining) {
    return Math.max(0, offset - pageSize);
  }
  return offset;
}

/** The activation link of A section 2, built on the portal's own origin. */
export function activationUrl(origin: string, activationKey: string): string {
  return `${origin.replace(/\/+$/, '')}/register/activate/${activationKey}`;
}
