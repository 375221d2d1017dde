import {
  NON_FIELD_ERRORS,
  type PublishedSchemaSummary,
  SITE_MESSAGES,
  SITES_LIST_LIMIT,
  type Site,
  type SiteCreate,
  type SiteOrdering,
  type SiteUpdate,
  type SiteV2,
} from '@vigil/contracts';
import {
  assertCanEditSite,
  assertClientVisible,
  canManageClient,
  getSiteAccess,
  isStaffUser,
} from '../../access/access';
import { isUserInClient } from '../../access/access.repo';
import type { Database } from '../../db/database';
import type { Page } from '../../db/page';
import type { LocationRow, NewLocationRow } from '../../db/tables/sites.table';
import type { UserRow } from '../../db/tables/users.table';
import { AppError, forbidden, notFound } from '../../errors';
import { changedFields } from '../../events/audit-values';
import type { DomainEventPublisher } from '../../events/domain-events';
import type { ControlPublisher } from '../../realtime/control-events';
import { resolveCurrentClientId } from '../users/current-client';
import * as membershipsRepo from '../users/memberships.repo';
import * as usersRepo from '../users/users.repo';
import { recordSiteChange, siteAuditValues } from './site-audit';
import { devicesOfSites } from './site-devices';
import { toSiteJson } from './site-view';
import type { LocationWithPermission } from './sites.repo';
import * as sitesRepo from './sites.repo';
import { isValidTimezone } from './timezones';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { sites: sitesRepo, memberships: membershipsRepo, users: usersRepo };
export type SitesRepositories = typeof REPOSITORIES;
export type SitesDeps = {
  db: Database;
  /** Control events to every instance: the live feeds of a site's devices re-check access when it changes. */
  bus: ControlPublisher;
  events: DomainEventPublisher;
  /** The current visual-dashboard schema of each listed site the person may see (the visual-dashboard domain). */
  publishedSchemas?: (
    user: UserRow,
    locationIds: number[],
  ) => Promise<ReadonlyMap<number, PublishedSchemaSummary>>;
  repos?: SitesRepositories;
};

export type SiteListOptions = { isActive?: boolean; ordering?: SiteOrdering; client?: number };

function canEditPermission(permission: LocationWithPermission['permission']): boolean {
  return permission === 'Engineer' || permission === 'Manager';
}

function assertTimezone(timezone: string | undefined): void {
  if (timezone !== undefined && !isValidTimezone(timezone)) {
    throw AppError.validation({ timezone: [SITE_MESSAGES.timezoneInvalid] });
  }
}

function toRowValues(input: SiteCreate): Omit<NewLocationRow, 'clientId'>;
function toRowValues(input: SiteUpdate): Partial<NewLocationRow>;
function toRowValues(input: SiteUpdate): Partial<NewLocationRow> {
  return {
    title: input.title,
    address: input.address,
    fullName: input.full_name,
    email: input.email,
    mobile: input.mobile,
    timezone: input.timezone,
    proofTestIntervalDays: input.proof_test_interval_days,
  };
}

/** Sites (A section 8): list, details, creation, changes, suspension and the user's current site. */
export class SitesService {
  private readonly repos: SitesRepositories;

  constructor(private readonly deps: SitesDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** api/v2/locations/: the first 1,000 sites of `list`, each with its current visual-dashboard schema or null. */
  async listWithSchemas(user: UserRow, options: SiteListOptions): Promise<SiteV2[]> {
    const { results } = await this.list(user, options, { limit: 1000, offset: 0 });
    const schemas =
      (await this.deps.publishedSchemas?.(
        user,
        results.map((site) => site.id),
      )) ?? new Map<number, PublishedSchemaSummary>();
    return results.map((site) => ({ ...site, published_schema: schemas.get(site.id) ?? null }));
  }

  /** The sites of the user's current client (or of `client`) that the user may see, one page. */
  async list(
    user: UserRow,
    options: SiteListOptions,
    page: Page = { limit: SITES_LIST_LIMIT, offset: 0 },
  ): Promise<{ count: number; results: Site[] }> {
    const { db } = this.deps;
    const clientId = options.client ?? (await resolveCurrentClientId(db, user));
    if (clientId === null) {
      return { count: 0, results: [] };
    }
    await assertClientVisible(db, user, clientId);
    const manages = await canManageClient(db, user, clientId);
    const { count, rows } = await this.repos.sites.findSitesOfClient(db, {
      clientId,
      memberUserId: manages ? undefined : user.id,
      isActive: options.isActive,
      ordering: options.ordering,
      ...page,
    });
    const permissions = new Map(rows.map((row) => [row.id, row.permission]));
    const results = await this.withDevices(
      rows,
      (row) => manages || canEditPermission(permissions.get(row.id) ?? null),
    );
    return { count, results };
  }

  /** One site the user may see; 404 otherwise. */
  async get(user: UserRow, id: number): Promise<Site> {
    const { access, row } = await this.visibleSite(user, id);
    return this.oneSiteJson(row, access.canEdit);
  }

  /** Creates a site in the current client; a creator who does not manage the client becomes its Manager. */
  async create(user: UserRow, input: SiteCreate): Promise<Site> {
    const { db } = this.deps;
    const clientId = await resolveCurrentClientId(db, user);
    if (clientId === null) {
      throw AppError.validation({ [NON_FIELD_ERRORS]: [SITE_MESSAGES.clientRequired] });
    }
    if (!(await this.canCreateSiteIn(user, clientId))) {
      throw forbidden();
    }
    assertTimezone(input.timezone);
    const manages = await canManageClient(db, user, clientId);
    const row = await db.transaction(async (tx) => {
      const created = await this.repos.sites.insertLocation(tx, { ...toRowValues(input), clientId });
      if (!manages) {
        await this.repos.memberships.upsertMembership(tx, {
          locationId: created.id,
          userId: user.id,
          permission: 'Manager',
        });
      }
      await this.deps.events.publish(tx, 'change-recorded', {
        kind: 'site.created',
        by: user,
        subject: { type: 'site', id: created.id, label: created.title },
        siteId: created.id,
        clientId,
        before: null,
        after: siteAuditValues(created),
      });
      return created;
    });
    await this.deps.events.publish(db, 'site-administered', { site: row, action: 'created', by: user });
    return this.oneSiteJson(row, true);
  }

  /** PATCH locations/{id}/: editors of the site. */
  async update(user: UserRow, id: number, input: SiteUpdate): Promise<Site> {
    const { db } = this.deps;
    await assertCanEditSite(db, user, id);
    assertTimezone(input.timezone);
    const row = await db.transaction(async (tx) => {
      const before = await this.repos.sites.getLocationById(tx, id);
      const after = await this.repos.sites.updateLocation(tx, id, toRowValues(input));
      if (before !== undefined && after !== undefined) {
        const change = changedFields(siteAuditValues(before), siteAuditValues(after));
        if (change !== undefined) {
          await recordSiteChange(
            this.deps.events,
            tx,
            user,
            'site.changed',
            after,
            change.before,
            change.after,
          );
        }
      }
      return after;
    });
    if (row === undefined) {
      throw notFound();
    }
    await this.deps.events.publish(db, 'site-administered', { site: row, action: 'changed', by: user });
    return this.oneSiteJson(row, true);
  }

  /** DELETE locations/{id}/: staff and the client's accounts management. */
  async remove(user: UserRow, id: number): Promise<void> {
    const { access } = await this.visibleSite(user, id);
    if (!(await canManageClient(this.deps.db, user, access.clientId))) {
      throw forbidden();
    }
    await this.deps.db.transaction(async (tx) => {
      const before = await this.repos.sites.getLocationById(tx, id);
      await this.repos.sites.deleteLocation(tx, id);
      if (before !== undefined) {
        await recordSiteChange(
          this.deps.events,
          tx,
          user,
          'site.removed',
          before,
          siteAuditValues(before),
          null,
        );
      }
    });
    this.deps.bus.publishControl({ name: 'access-changed', data: { locationId: id } });
  }

  /**
   * POST locations/{id}/suspend/: toggles is_suspended (deactivate / reactivate). A suspended site's devices
   * leave the live feed on every instance (device directory dropped, sockets re-check and close 4403).
   */
  async toggleSuspended(user: UserRow, id: number): Promise<Site> {
    const { db } = this.deps;
    await assertCanEditSite(db, user, id);
    const row = await db.transaction(async (tx) => {
      const toggled = await this.repos.sites.toggleLocationSuspended(tx, id);
      if (toggled !== undefined) {
        const [was, is] = [{ is_suspended: !toggled.isSuspended }, { is_suspended: toggled.isSuspended }];
        await recordSiteChange(this.deps.events, tx, user, 'site.changed', toggled, was, is);
      }
      return toggled;
    });
    if (row === undefined) {
      throw notFound();
    }
    this.deps.bus.publishControl({ name: 'access-changed', data: { locationId: id } });
    await this.deps.events.publish(db, 'site-administered', {
      site: row,
      action: row.isSuspended ? 'suspended' : 'reactivated',
      by: user,
    });
    return this.oneSiteJson(row, true);
  }

  /** POST locations/{id}/select/: makes the site (and its client) the user's current ones. */
  async select(user: UserRow, id: number): Promise<Site> {
    const { access, row } = await this.visibleSite(user, id);
    await this.repos.users.updateUser(this.deps.db, user.id, {
      currentLocationId: row.id,
      currentClientId: row.clientId,
    });
    return this.oneSiteJson(row, access.canEdit);
  }

  /** A section 6 'Add site': staff, or a member of the client with an edit role there. */
  private async canCreateSiteIn(user: UserRow, clientId: number): Promise<boolean> {
    if (isStaffUser(user)) {
      return true;
    }
    if (!(await isUserInClient(this.deps.db, user.id, clientId))) {
      return false;
    }
    if (user.isAccountsManagement || user.isManager || user.isEngineer) {
      return true;
    }
    return this.repos.memberships.editsAnySiteOfClient(this.deps.db, user.id, clientId);
  }

  private async visibleSite(user: UserRow, id: number) {
    const access = await getSiteAccess(this.deps.db, user, id);
    const row = await this.repos.sites.getLocationById(this.deps.db, id);
    if (row === undefined) {
      throw notFound();
    }
    return { access, row };
  }

  private async withDevices(rows: LocationRow[], canEdit: (row: LocationRow) => boolean): Promise<Site[]> {
    const siteIds = rows.map((row) => row.id);
    const devices = devicesOfSites(siteIds, await this.repos.sites.findDevicesAtSites(this.deps.db, siteIds));
    return rows.map((row) => toSiteJson(row, canEdit(row), devices.get(row.id)));
  }

  private async oneSiteJson(row: LocationRow, canEdit: boolean): Promise<Site> {
    const [site] = await this.withDevices([row], () => canEdit);
    if (site === undefined) {
      throw new Error('site view lost its row');
    }
    return site;
  }
}
