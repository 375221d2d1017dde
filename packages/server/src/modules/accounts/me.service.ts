import type { Me, Permission } from '@vigil/contracts';
import type { AuthContext } from '../../access/authentication';
import type { Database } from '../../db/database';
import type { MeExtras } from './me.repo';
import * as meRepo from './me.repo';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { me: meRepo };
export type MeRepositories = typeof REPOSITORIES;
export type MeDeps = { db: Database; repos?: MeRepositories };

/**
 * me/'s extras of a context its route's lookup read them into (findLiveSessionsWithMe): the one reader of
 * AuthContext's untyped `me`, which access carries without knowing it.
 */
export function meExtrasOf(context: AuthContext): MeExtras {
  if (context.me === undefined) {
    throw new Error('me/ must authenticate with the lookup that reads findLiveSessionsWithMe');
  }
  return context.me as MeExtras;
}

/** me/: the signed-in person's profile, roles and current selection (A section 7). */
export class MeService {
  private readonly repos: MeRepositories;

  constructor(private readonly deps: MeDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** Reads live sessions with me/'s extras in one statement (the session lookup of me/'s route). */
  readSessions(
    sessionIds: readonly string[],
    now: Date,
  ): ReturnType<MeRepositories['me']['findLiveSessionsWithMe']> {
    return this.repos.me.findLiveSessionsWithMe(this.deps.db, sessionIds, now);
  }

  /**
   * Builds the me/ answer: profile, role flags, site roles and the current selection, all read with the
   * session (the route authenticates with a lookup of readSessions).
   */
  build(context: AuthContext): Me {
    const { user, session, twoFactor } = context;
    const extras = meExtrasOf(context);
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
}
