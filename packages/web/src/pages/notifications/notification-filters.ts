import {
  NOTIFICATION_TYPES,
  NOTIFICATIONS_RANGE_DAYS,
  NOTIFICATIONS_TABLE_PAGE_SIZE,
  type NotificationType,
} from '@vigil/contracts';
import type { NotificationListQuery } from '../../api/notifications';
import { siteDayBoundsOf } from '../../time/site-time';

/** Active = what is still on (is_active=true); Historical = everything, newest first (M section 2). */
export type NotificationTab = 'active' | 'historical';

/** The filter form and the search box (M section 2 'Notifications'); dates are whole days, 'YYYY-MM-DD'. */
export type NotificationFilters = {
  tab: NotificationTab;
  search: string;
  from: string | null;
  to: string | null;
  siteId: number | null;
  deviceId: number | null;
  type: NotificationType | null;
};

export const EMPTY_FILTERS: NotificationFilters = {
  tab: 'active',
  search: '',
  from: null,
  to: null,
  siteId: null,
  deviceId: null,
  type: null,
};

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}/;

function positiveId(text: string | null | undefined): number | null {
  if (text === null || text === undefined || !/^\d{1,10}$/.test(text)) {
    return null;
  }
  const id = Number(text);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The day of a link's date (YYYY-MM-DD, or the day of an ISO instant); null for anything else. */
function dayOf(text: string | null): string | null {
  const day = text?.trim().match(ISO_DAY)?.[0];
  if (day === undefined || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    return null;
  }
  return day;
}

function typeOf(text: string | null): NotificationType | null {
  return (NOTIFICATION_TYPES as readonly (string | null)[]).includes(text)
    ? (text as NotificationType)
    : null;
}

export type RouteScope = { siteId?: string; deviceId?: string; isAll: boolean };

/**
 * The first filters of the page: the route's site or device, then the query parameters the analytics page
 * and other links send (location, device, event_type, date_created_from, date_created_to, search, tab).
 * /notifications/all clears the site and device filters (M section 2) unless its link names them; a link with
 * dates and no tab asks for history, so it opens Historical.
 */
export function filtersFromLocation(params: URLSearchParams, scope: RouteScope): NotificationFilters {
  const from = dayOf(params.get('date_created_from'));
  let to = dayOf(params.get('date_created_to'));
  // A range the server would refuse keeps its start: the person picks an end again.
  if (from !== null && to !== null && !isRangeAllowed(from, to)) {
    to = null;
  }
  const tabText = params.get('tab');
  const isDated = from !== null || to !== null;
  const tab = tabText === 'historical' || (tabText !== 'active' && isDated) ? 'historical' : 'active';
  return {
    tab,
    search: (params.get('search') ?? '').trim().slice(0, 100),
    from,
    to,
    siteId: (scope.isAll ? null : positiveId(scope.siteId)) ?? positiveId(params.get('location')),
    deviceId: (scope.isAll ? null : positiveId(scope.deviceId)) ?? positiveId(params.get('device')),
    type: typeOf(params.get('event_type')),
  };
}

/** Issue 27: `acknowledge=<id>` of an escalation e-mail's link, the alarm whose acknowledgement opens. */
export function acknowledgeIdOf(params: URLSearchParams): number | null {
  return positiveId(params.get('acknowledge'));
}

function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/**
 * M section 5: a range covers at most 30 whole days. The server reads 'to' as the end of its day and allows
 * 30 × 24 h from the start of 'from', so the last day allowed is 29 days after the first.
 */
export function isRangeAllowed(from: string, to: string): boolean {
  const span = dayNumber(to) - dayNumber(from);
  return span >= 0 && span < NOTIFICATIONS_RANGE_DAYS;
}

/** The range picker's rule: with one bound chosen, days more than the range away from it are disabled. */
export function isDayDisabled(day: string, chosenBound: string | null): boolean {
  if (chosenBound === null) {
    return false;
  }
  return Math.abs(dayNumber(day) - dayNumber(chosenBound)) >= NOTIFICATIONS_RANGE_DAYS;
}

/** Export needs a date bound (M section 5, EXPORT_NOTIFICATIONS_WITHOUT_DATE). */
export function canExport(filters: NotificationFilters): boolean {
  return filters.from !== null || filters.to !== null;
}

/**
 * The date range's bounds as instants: the picked days are the site's days (its zone, labelled beside the
 * picker), not the server's UTC days; at most the allowed range long, also across a clock change. A zone the
 * browser cannot read leaves the days as they are.
 */
export function dateBoundsOf(
  filters: Pick<NotificationFilters, 'from' | 'to'>,
  timeZone: string,
): Pick<NotificationListQuery, 'date_created_from' | 'date_created_to'> {
  const from = filters.from === null ? null : siteDayBoundsOf(filters.from, timeZone);
  const to = filters.to === null ? null : siteDayBoundsOf(filters.to, timeZone);
  const longest = from === null ? Number.POSITIVE_INFINITY : from.start + NOTIFICATIONS_RANGE_DAYS * DAY_MS;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    date_created_from: from === null ? (filters.from ?? undefined) : iso(from.start),
    date_created_to: to === null ? (filters.to ?? undefined) : iso(Math.min(to.end, longest)),
  };
}

function filterQuery(filters: NotificationFilters, timeZone: string): NotificationListQuery {
  return {
    search: filters.search === '' ? undefined : filters.search,
    ...dateBoundsOf(filters, timeZone),
    location: filters.siteId ?? undefined,
    device: filters.deviceId ?? undefined,
    event_type: filters.type ?? undefined,
  };
}

/** GET notifications/ for a page (1-based) of 25: the Active tab sends is_active=true, both -date_created. */
export function listQueryOf(
  filters: NotificationFilters,
  page: number,
  timeZone: string,
): NotificationListQuery {
  return {
    limit: NOTIFICATIONS_TABLE_PAGE_SIZE,
    offset: (Math.max(1, page) - 1) * NOTIFICATIONS_TABLE_PAGE_SIZE,
    is_active: filters.tab === 'active' ? true : undefined,
    ordering: '-date_created',
    ...filterQuery(filters, timeZone),
  };
}

/** GET notifications/export/: the same filters and tab, without paging. */
export function exportQueryOf(filters: NotificationFilters, timeZone: string): NotificationListQuery {
  return {
    is_active: filters.tab === 'active' ? true : undefined,
    ordering: '-date_created',
    ...filterQuery(filters, timeZone),
  };
}
