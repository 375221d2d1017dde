import { type AssignedUser, type AssignedUserDetail, joinFullName } from '@vigil/contracts';
import type { UserRow } from '../../db/tables/users.table';
import type { MembershipWithClient } from './memberships.repo';
import type { MembershipSummary } from './users-list.repo';

/** What the reader may see beyond id, e-mail, name, roles and memberships (account-authority.ts). */
export type ShownParts = { showActivationKey: boolean; showProfile: boolean };

const HIDDEN_PROFILE = { company: '', phone: '', address: '' };

/** A user as clients/{id}/users/ lists them; the key and the profile only when the reader may see them. */
export function toAssignedUserJson(
  user: UserRow,
  options: ShownParts & { membership?: MembershipSummary | null },
): AssignedUser {
  const membership = options.membership ?? null;
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    full_name: joinFullName(user.firstName, user.lastName),
    is_superuser: user.isSuperuser,
    is_oem: user.isOem,
    is_accounts_management: user.isAccountsManagement,
    is_manager: user.isManager,
    is_engineer: user.isEngineer,
    is_active: user.isActive,
    activation_key: options.showActivationKey ? user.activationKey : null,
    registered: user.passwordHash !== null,
    profile: options.showProfile
      ? { company: user.company, phone: user.phone, address: user.address }
      : HIDDEN_PROFILE,
    location_membership:
      membership === null
        ? null
        : { id: membership.id, has_access: membership.hasAccess, permission: membership.permission },
  };
}

/** users/{id}/: the assigned user with the memberships the reader may see. */
export function toAssignedUserDetailJson(
  user: UserRow,
  memberships: readonly MembershipWithClient[],
  shown: ShownParts & { canEditProfile: boolean },
): AssignedUserDetail {
  return {
    ...toAssignedUserJson(user, shown),
    can_edit_profile: shown.canEditProfile,
    location_access: memberships.map((membership) => ({
      id: membership.id,
      location_id: membership.locationId,
      has_access: membership.hasAccess,
      permission: membership.permission,
    })),
  };
}
