import {
  type AlarmSensorData,
  type AlarmTimeData,
  type AlarmTypeData,
  ANALYTICS_DEVICE_TYPES,
  ANALYTICS_MESSAGES,
  type AnalyticsQuery,
  alarmTypeOf,
  mergeAlarmTypes,
} from '@vigil/contracts';
import { getSiteAccess, isStaffUser } from '../../access/access';
import { historyVisibleSince, visibleFrom } from '../../access/device-history';
import type { Database } from '../../db/database';
import type { DeviceRow } from '../../db/tables/devices.table';
import type { UserRow } from '../../db/tables/users.table';
import { AppError, forbidden, notFound } from '../../errors';
import * as devicesRepo from '../devices/devices.repo';
import { loadSensorNamer } from '../sensor-settings/sensor-display-name';
import * as sitesRepo from '../sites/sites.repo';
import { alarmsPerHourOfDay } from './alarm-hours';
import * as analyticsRepo from './analytics.repo';
import { alarmRangeOf } from './analytics-range';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { analytics: analyticsRepo, devices: devicesRepo, sites: sitesRepo };
export type AnalyticsRepositories = typeof REPOSITORIES;
export type AnalyticsDeps = { db: Database; repos?: AnalyticsRepositories };

type AnalyticsDevice = { device: DeviceRow; timeZone: string };

/** The three reports of /analytics (M sections 2, 3, 7 and 9; docs/analytics.md) over a device's alarm_on events. */
export class AnalyticsService {
  private readonly repos: AnalyticsRepositories;

  constructor(private readonly deps: AnalyticsDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /**
   * Who may ask about a site (M section 6): a site the user cannot see is 404 (foreign tenants included), a
   * user who sees it but is neither super user nor OEM is 403.
   */
  async assertSite(user: UserRow, siteId: number): Promise<void> {
    await getSiteAccess(this.deps.db, user, siteId);
    if (!isStaffUser(user)) {
      throw forbidden();
    }
  }

  /** alarm-sensor: alarms per sensor under its configured name, the most alarmed first. */
  async alarmSensor(user: UserRow, deviceId: number, query: AnalyticsQuery): Promise<AlarmSensorData> {
    const { device } = await this.analyticsDevice(user, deviceId);
    const counts = await this.repos.analytics.countAlarmsBySensor(
      this.deps.db,
      device.id,
      await this.rangeOf(user, device, query),
    );
    const nameSensor = await loadSensorNamer(this.deps.db, [device.id]);
    const items = counts.map(({ sensorId, treeName, count }) => ({
      // 'Names apply everywhere a sensor is shown': the configured name wins over the tree's; F500 nodes named.
      sensor_name: nameSensor(device, sensorId, treeName),
      y: count,
    }));
    return items.sort((a, b) => b.y - a.y || a.sensor_name.localeCompare(b.sensor_name));
  }

  /** alarm-time: alarms per hour of the day on the site's clock, all 24 hours. */
  async alarmTime(user: UserRow, deviceId: number, query: AnalyticsQuery): Promise<AlarmTimeData> {
    const { device, timeZone } = await this.analyticsDevice(user, deviceId);
    const counts = await this.repos.analytics.countAlarmsByQuarterHour(
      this.deps.db,
      device.id,
      await this.rangeOf(user, device, query),
    );
    return alarmsPerHourOfDay(counts, timeZone);
  }

  /** alarm-type: [total, types], with M section 9's relabelling and merging. */
  async alarmType(user: UserRow, deviceId: number, query: AnalyticsQuery): Promise<AlarmTypeData> {
    const { device } = await this.analyticsDevice(user, deviceId);
    const counts = await this.repos.analytics.countAlarmsByState(
      this.deps.db,
      device.id,
      await this.rangeOf(user, device, query),
    );
    return mergeAlarmTypes(
      counts.map(({ state, status, count }) => ({ type: alarmTypeOf({ state, status }), count })),
    );
  }

  /** The query's range without what the device recorded for an earlier owner (device-history.ts). */
  private async rangeOf(user: UserRow, device: DeviceRow, query: AnalyticsQuery) {
    const range = alarmRangeOf(query);
    const since = await historyVisibleSince(this.deps.db, user, device.id);
    return { ...range, from: visibleFrom(range.from, since) };
  }

  /** The device if the user may see its site (404), is super user or OEM (403) and its type has analytics (400). */
  private async analyticsDevice(user: UserRow, deviceId: number): Promise<AnalyticsDevice> {
    const device = await this.repos.devices.getDeviceById(this.deps.db, deviceId);
    if (device === undefined) {
      throw notFound();
    }
    await this.assertSite(user, device.locationId);
    if (!ANALYTICS_DEVICE_TYPES.includes(device.deviceType)) {
      throw new AppError('validation', ANALYTICS_MESSAGES.deviceType, {
        device: [ANALYTICS_MESSAGES.deviceType],
      });
    }
    const site = await this.repos.sites.getLocationById(this.deps.db, device.locationId);
    return { device, timeZone: site?.timezone ?? 'UTC' };
  }
}
