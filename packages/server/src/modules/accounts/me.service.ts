import type { Me, Permission } from '@vigil/contracts';
import type { AuthContext } from './accounts.service';

/**
 * Builds the me/ answer: profile, role flags, site roles and the current selection, all read with the
 * session (the route authenticates with accounts.authenticateForMe).
 */
export function buildMe({ user, session, twoFactor, me: extras }: AuthContext): Me {
  if (extras === undefined) {
    throw new Error('me/ must authenticate with accounts.authenticateForMe');
  }
  const { client, location, device } = extras;
  const locationsRoles: Record<string, Permission> = {};
  for (const role of extras.siteRoles) {
    locationsRoles[String(role.locationId)] = role.permission;
  }
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    company: user.company,
    phone: user.phone,
    address: user.address,
    registered: twoFactor.isRegistered,
    is_2fa_verified: session.is2faVerified,
    auth_key: user.authKey,
    visual_dashboard_enabled: user.visualDashboardEnabled,
    is_accounts_management: user.isAccountsManagement,
    is_engineer: user.isEngineer,
    is_manager: user.isManager,
    is_superuser: user.isSuperuser,
    is_oem: user.isOem,
    locations_roles: locationsRoles,
    current_client: client === null ? null : { id: client.id, company: client.company },
    current_location:
      location === null ? null : { id: location.id, title: location.title, timezone: location.timezone },
    current_device:
      device === null
        ? null
        : { id: device.id, title: device.title, udf_id: device.udfId, device_type: device.deviceType },
  };
}
