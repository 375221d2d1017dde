import { z } from 'zod';

/** Per-site permission of a membership (A section 6). */
export const PERMISSIONS = ['User', 'Engineer', 'Manager'] as const;
export const PermissionSchema = z.enum(PERMISSIONS).describe('Per-site permission');
export type Permission = z.infer<typeof PermissionSchema>;
export const DEFAULT_PERMISSION: Permission = 'User';

/** Role flags carried by a user (A section 6). */
export type RoleFlags = {
  is_superuser: boolean;
  is_oem: boolean;
  is_accounts_management: boolean;
  is_manager: boolean;
  is_engineer: boolean;
};

/** Super user and OEM see the Clients menu, OEM settings and admin-only routes. */
export function isStaff(user: Pick<RoleFlags, 'is_superuser' | 'is_oem'>): boolean {
  return user.is_superuser || user.is_oem;
}

/** can_edit of A section 6: accounts management, engineer, manager or superuser. */
export function canEdit(user: RoleFlags): boolean {
  return user.is_accounts_management || user.is_engineer || user.is_manager || user.is_superuser;
}

/** Per-site edit rights: accounts management, or Engineer/Manager for that site. */
export function canEditSite(
  user: Pick<RoleFlags, 'is_accounts_management' | 'is_superuser' | 'is_oem'>,
  siteRole: Permission | undefined,
): boolean {
  if (user.is_superuser || user.is_oem || user.is_accounts_management) {
    return true;
  }
  return siteRole === 'Engineer' || siteRole === 'Manager';
}
