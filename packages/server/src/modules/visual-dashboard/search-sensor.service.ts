import { SEARCH_SENSOR_LIMITS, type SearchSensorItem, type SearchSensorQuery } from '@vigil/contracts';
import { getSiteAccess } from '../../access/access';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';
import { loadSensorNamer } from '../sensor-settings/sensor-display-name';
import * as searchSensorRepo from './search-sensor.repo';
import { sensorsOfTree } from './tree-sensors';
import { assertVisualDashboard } from './visual-dashboard-access';

const REPOSITORIES = { search: searchSensorRepo };
export type SearchSensorRepositories = typeof REPOSITORIES;
export type SearchSensorDeps = { db: Database; repos?: SearchSensorRepositories };

/** A full id outside the wire's bounds (3 to 200 characters) cannot be bound, so the picker does not offer it. */
const FULL_ID_MIN = 3;
const FULL_ID_MAX = 200;

/** '3, 7,,9' → {3, 7, 9}: the query's regex admits only digits, commas and blanks. */
function idSet(list: string | undefined): Set<number> {
  const ids = (list ?? '').split(',').map((part) => Number(part.trim()));
  return new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0));
}

/**
 * `search-sensor/` (M section 7; docs/visual-dashboard.md 'Routes'): the sensors of a site's devices a machine
 * point may be bound to, from each device's latest stored tree, with the tabs where each is already bound.
 */
export class SearchSensorService {
  private readonly repos: SearchSensorRepositories;

  constructor(private readonly deps: SearchSensorDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** GET search-sensor/: readers of the site; at most SEARCH_SENSOR_LIMITS.results items. */
  async search(user: UserRow, query: SearchSensorQuery): Promise<SearchSensorItem[]> {
    assertVisualDashboard(user);
    const { db } = this.deps;
    await getSiteAccess(db, user, query.location);
    const excluded = idSet(query.exclude_devices);
    const siteDevices = await this.repos.search.findDevicesWithTreeOfLocation(db, query.location);
    const candidates = siteDevices.filter((device) => device.tree !== null && !excluded.has(device.id));
    if (candidates.length === 0) {
      return [];
    }
    const [nameSensor, bindings] = await Promise.all([
      loadSensorNamer(
        db,
        candidates.map((device) => device.id),
      ),
      this.repos.search.findBindingsOfLocation(db, query.location, query.schema),
    ]);
    const tabsOf = new Map<string, SearchSensorItem['tabs']>();
    for (const binding of bindings) {
      const key = `${binding.deviceId}:${binding.sensorId}`;
      const tabs = tabsOf.get(key) ?? [];
      tabs.push({ id: binding.tabId, name: binding.tabName, machine_name: binding.machineName });
      tabsOf.set(key, tabs);
    }
    const text = query.q?.trim().toLowerCase() ?? '';
    const excludedGroup = query.exclude_group_name?.trim().toLowerCase() ?? '';
    const items: SearchSensorItem[] = [];
    for (const device of candidates) {
      for (const sensor of device.tree === null ? [] : sensorsOfTree(device.tree)) {
        if (sensor.fullId.length < FULL_ID_MIN || sensor.fullId.length > FULL_ID_MAX) {
          continue;
        }
        if (excludedGroup !== '' && sensor.groupName.trim().toLowerCase() === excludedGroup) {
          continue;
        }
        const name = nameSensor(device, sensor.fullId, sensor.reportedName);
        const matches =
          text === '' ||
          [name, sensor.groupName, sensor.fullId].some((part) => part.toLowerCase().includes(text));
        if (!matches) {
          continue;
        }
        items.push({
          id: sensor.fullId,
          name,
          group_name: sensor.groupName,
          device: { id: device.id, name: device.title },
          tabs: tabsOf.get(`${device.id}:${sensor.fullId}`) ?? [],
          is_state_sensor: sensor.isStateSensor,
        });
        if (items.length >= SEARCH_SENSOR_LIMITS.results) {
          return items;
        }
      }
    }
    return items;
  }
}
