import type { Me, Permission } from '@vigil/contracts';
import type { Database } from '../../db/database';
import { getClientById } from '../clients/clients.repo';
import { getDeviceById } from '../devices/devices.repo';
import { findSiteRolesOfUser, getLocationById } from '../sites/sites.repo';
import { getTwoFactorState } from '../two-factor/two-factor.repo';
import type { AuthContext } from './accounts.service';

/** Builds the me/ answer: profile, role flags, site roles and the current selection. */
export async function getMe(db: Database, { user, session }: AuthContext): Promise<Me> {
  const [client, location, device, siteRoles, twoFactor] = await Promise.all([
    user.currentClientId === null ? undefined : getClientById(db, user.currentClientId),
    user.currentLocationId === null ? undefined : getLocationById(db, user.currentLocationId),
    user.currentDeviceId === null ? undefined : getDeviceById(db, user.currentDeviceId),
    findSiteRolesOfUser(db, user.id),
    getTwoFactorState(db, user.id),
  ]);
  const locationsRoles: Record<string, Permission> = {};
  for (const role of siteRoles) {
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
    current_client: client === undefined ? null : { id: client.id, company: client.company },
    current_location: location === undefined ? null : { id: location.id, title: location.title },
    current_device:
      device === undefined
        ? null
        : { id: device.id, title: device.title, udf_id: device.udfId, device_type: device.deviceType },
  };
}
