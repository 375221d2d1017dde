import { isStaff, type Me } from '@vigil/contracts';
import { PATHS } from '../routes/paths';

type GateUser = Pick<Me, 'registered' | 'is_2fa_verified'>;
type HomeUser = GateUser & Pick<Me, 'is_superuser' | 'is_oem' | 'current_client'>;

/**
 * A section 2 'Gating': a registered but unverified session may only verify; a user whose client requires
 * two-factor and who has not set it up may only set it up. Null when nothing blocks the portal.
 */
export function twoFactorGatePath(user: GateUser, is2faRequired: boolean): string | null {
  if (user.registered && !user.is_2fa_verified) {
    return PATHS.verify2fa;
  }
  if (is2faRequired && !user.registered) {
    return PATHS.setup2fa;
  }
  return null;
}

/** Where a user lands after login: the gate, the sites of the chosen client, or the client list for staff. */
export function homePathFor(user: HomeUser, is2faRequired: boolean): string {
  const gatePath = twoFactorGatePath(user, is2faRequired);
  if (gatePath !== null) {
    return gatePath;
  }
  if (user.current_client === null && isStaff(user)) {
    return PATHS.clients;
  }
  return PATHS.sites;
}

function normalizePath(path: string): string {
  return path.toLowerCase().replace(/\/+$/, '');
}

/** Route matching ignores case and trailing slashes, so '/setup2fa' is the setup page as well. */
export function isSamePath(pathname: string, path: string): boolean {
  return normalizePath(pathname) === normalizePath(path);
}
