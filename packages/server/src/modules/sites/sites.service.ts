import {
  NON_FIELD_ERRORS,
  SITE_MESSAGES,
  SITES_LIST_LIMIT,
  type Site,
  type SiteCreate,
  type SiteOrdering,
  type SiteUpdate,
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
import type { DomainEventPublisher } from '../../events/domain-events';
import type { ControlPublisher } from '../../realtime/control-events';
import { resolveCurrentClientId } from '../users/current-client';
import { editsAnySiteOfClient, upsertMembership } from '../users/memberships.repo';
import { updateUser } from '../users/users.repo';
import { findDevicesOfSites } from './site-devices';
import { toSiteJson } from './site-view';
import {
  deleteLocation,
  findSitesOfClient,
  getLocationById,
  insertLocation,
  type LocationWithPermission,
  toggleLocationSuspended,
  updateLocation,
} from './sites.repo';
import { isValidTimezone } from './timezones';

export type SiteListOptions = { isActive?: boolean; ordering?: SiteOrdering; client?: number };

function canEditPermission(permission: LocationWithPermission['permission']): boolean {
  return permission === 'Engineer' || permission === 'Manager';
}

async function withDevices(db: Database, rows: LocationRow[], canEdit: (row: LocationRow) => boolean) {
  const devices = await findDevicesOfSites(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toSiteJson(row, canEdit(row), devices.get(row.id)));
}

async function oneSiteJson(db: Database, row: LocationRow, canEdit: boolean): Promise<Site> {
  const [site] = await withDevices(db, [row], () => canEdit);
  if (site === undefined) {
    throw new Error('site view lost its row');
  }
  return site;
}

/** The sites of the user's current client (or of `client`) that the user may see, one page. */
export async function listSites(
  db: Database,
  user: UserRow,
  options: SiteListOptions,
  page: Page = { limit: SITES_LIST_LIMIT, offset: 0 },
): Promise<{ count: number; results: Site[] }> {
  const clientId = options.client ?? (await resolveCurrentClientId(db, user));
  if (clientId === null) {
    return { count: 0, results: [] };
  }
  await assertClientVisible(db, user, clientId);
  const manages = await canManageClient(db, user, clientId);
  const { count, rows } = await findSitesOfClient(db, {
    clientId,
    memberUserId: manages ? undefined : user.id,
    isActive: options.isActive,
    ordering: options.ordering,
    ...page,
  });
  const permissions = new Map(rows.map((row) => [row.id, row.permission]));
  const results = await withDevices(
    db,
    rows,
    (row) => manages || canEditPermission(permissions.get(row.id) ?? null),
  );
  return { count, results };
}

async function getVisibleSite(db: Database, user: UserRow, id: number) {
  const access = await getSiteAccess(db, user, id);
  const row = await getLocationById(db, id);
  if (row === undefined) {
    throw notFound();
  }
  return { access, row };
}

/** One site the user may see; 404 otherwise. */
export async function getSite(db: Database, user: UserRow, id: number): Promise<Site> {
  const { access, row } = await getVisibleSite(db, user, id);
  return oneSiteJson(db, row, access.canEdit);
}

function assertTimezone(timezone: string | undefined): void {
  if (timezone !== undefined && !isValidTimezone(timezone)) {
    throw AppError.validation({ timezone: [SITE_MESSAGES.timezoneInvalid] });
  }
}

/** A section 6 'Add site': staff, or a member of the client with an edit role there. */
export async function canCreateSiteIn(db: Database, user: UserRow, clientId: number): Promise<boolean> {
  if (isStaffUser(user)) {
    return true;
  }
  if (!(await isUserInClient(db, user.id, clientId))) {
    return false;
  }
  if (user.isAccountsManagement || user.isManager || user.isEngineer) {
    return true;
  }
  return editsAnySiteOfClient(db, user.id, clientId);
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

/** Creates a site in the current client; a creator who does not manage the client becomes its Manager. */
export async function createSite(
  db: Database,
  user: UserRow,
  input: SiteCreate,
  events: DomainEventPublisher,
): Promise<Site> {
  const clientId = await resolveCurrentClientId(db, user);
  if (clientId === null) {
    throw AppError.validation({ [NON_FIELD_ERRORS]: [SITE_MESSAGES.clientRequired] });
  }
  if (!(await canCreateSiteIn(db, user, clientId))) {
    throw forbidden();
  }
  assertTimezone(input.timezone);
  const manages = await canManageClient(db, user, clientId);
  const row = await db.transaction(async (tx) => {
    const created = await insertLocation(tx, { ...toRowValues(input), clientId });
    if (!manages) {
      await upsertMembership(tx, { locationId: created.id, userId: user.id, permission: 'Manager' });
    }
    return created;
  });
  await events.publish(db, 'site-administered', { site: row, action: 'created', by: user });
  return oneSiteJson(db, row, true);
}

/** PATCH locations/{id}/: editors of the site. */
export async function updateSite(
  db: Database,
  user: UserRow,
  id: number,
  input: SiteUpdate,
  events: DomainEventPublisher,
): Promise<Site> {
  await assertCanEditSite(db, user, id);
  assertTimezone(input.timezone);
  const row = await updateLocation(db, id, toRowValues(input));
  if (row === undefined) {
    throw notFound();
  }
  await events.publish(db, 'site-administered', { site: row, action: 'changed', by: user });
  return oneSiteJson(db, row, true);
}

/** DELETE locations/{id}/: staff and the client's accounts management. */
export async function deleteSite(
  db: Database,
  user: UserRow,
  id: number,
  signals: ControlPublisher,
): Promise<void> {
  const { access } = await getVisibleSite(db, user, id);
  if (!(await canManageClient(db, user, access.clientId))) {
    throw forbidden();
  }
  await deleteLocation(db, id);
  signals.publishControl({ name: 'access-changed', data: { locationId: id } });
}

/**
 * POST locations/{id}/suspend/: toggles is_suspended (deactivate / reactivate). A suspended site's devices
 * leave the live feed on every instance (device directory dropped, sockets re-check and close 4403).
 */
export async function toggleSiteSuspended(
  db: Database,
  user: UserRow,
  id: number,
  signals: ControlPublisher,
  events: DomainEventPublisher,
): Promise<Site> {
  await assertCanEditSite(db, user, id);
  const row = await toggleLocationSuspended(db, id);
  if (row === undefined) {
    throw notFound();
  }
  signals.publishControl({ name: 'access-changed', data: { locationId: id } });
  await events.publish(db, 'site-administered', {
    site: row,
    action: row.isSuspended ? 'suspended' : 'reactivated',
    by: user,
  });
  return oneSiteJson(db, row, true);
}

/** POST locations/{id}/select/: makes the site (and its client) the user's current ones. */
export async function selectSite(db: Database, user: UserRow, id: number): Promise<Site> {
  const { access, row } = await getVisibleSite(db, user, id);
  await updateUser(db, user.id, { currentLocationId: row.id, currentClientId: row.clientId });
  return oneSiteJson(db, row, access.canEdit);
}
