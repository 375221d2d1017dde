import type { NotificationPushItem } from '@vigil/contracts';
import type { NotificationFilters } from './notification-filters';
import { type NotificationRow, rowFromPush } from './notification-rows';

/** The rows shown and how the server's count moved with the pushes merged in. */
export type LiveRows = { rows: NotificationRow[]; countDelta: number; closedSome: boolean };

function includesText(value: string | null, words: string): boolean {
  return value?.toLowerCase().includes(words) ?? false;
}

/** Whether a pushed notification belongs to the list the filters ask for (the server's filter, in the page). */
export function matchesFilters(item: NotificationPushItem, filters: NotificationFilters): boolean {
  if (filters.tab === 'active' && !item.is_active) {
    return false;
  }
  if (filters.siteId !== null && item.location_pk !== filters.siteId) {
    return false;
  }
  if (filters.deviceId !== null && item.device_pk !== filters.deviceId) {
    return false;
  }
  if (filters.type !== null && item.type !== filters.type) {
    return false;
  }
  const day = new Date(item.timestamp * 1000).toISOString().slice(0, 10);
  if ((filters.from !== null && day < filters.from) || (filters.to !== null && day > filters.to)) {
    return false;
  }
  const words = filters.search.trim().toLowerCase();
  if (words !== '') {
    return [item.content, item.location, item.device, item.sensor_name].some((text) =>
      includesText(text, words),
    );
  }
  return true;
}

/**
 * M section 4 'Notifications': a pushed notification whose forebear matches an entry removes that entry;
 * otherwise it is added at the front (on the first page only, and when it fits the filters; the Active tab
 * keeps only active ones). A notification already listed is not added twice.
 */
export function mergePush(
  live: LiveRows,
  items: readonly NotificationPushItem[],
  filters: NotificationFilters,
  isFirstPage: boolean,
): LiveRows {
  let { rows, countDelta, closedSome } = live;
  // A push lists the newest last; each goes to the front in turn, so the newest ends first.
  const ordered = [...items].sort((a, b) => a.timestamp - b.timestamp || a.pk - b.pk);
  for (const item of ordered) {
    const forebear = item.forebear_pk === null ? -1 : rows.findIndex((row) => row.id === item.forebear_pk);
    if (forebear >= 0) {
      rows = rows.filter((_, index) => index !== forebear);
      countDelta -= 1;
      closedSome = true;
      continue;
    }
    if (!isFirstPage || !matchesFilters(item, filters) || rows.some((row) => row.id === item.pk)) {
      continue;
    }
    rows = [rowFromPush(item), ...rows];
    countDelta += 1;
  }
  return { rows, countDelta, closedSome };
}
