import {
  type AlarmPerformance,
  ANALYTICS_DEVICE_TYPES,
  type AnalyticsQuery,
  isoDayOf,
  PEAK_WINDOW_MINUTES,
  TOP_SENSORS,
} from '@vigil/contracts';
import type { Database } from '../../db/database';
import type { DeviceRow } from '../../db/tables/devices.table';
import type { UserRow } from '../../db/tables/users.table';
import { notFound } from '../../errors';
import * as devicesRepo from '../devices/devices.repo';
import { loadSensorNamer, type SensorNamer } from '../sensor-settings/sensor-display-name';
import * as sitesRepo from '../sites/sites.repo';
import * as alarmPerformanceRepo from './alarm-performance.repo';
import type { AnalyticsService } from './analytics.service';
import { alarmRangeOf } from './analytics-range';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { alarmPerformance: alarmPerformanceRepo, devices: devicesRepo, sites: sitesRepo };
export type AlarmPerformanceRepositories = typeof REPOSITORIES;
export type AlarmPerformanceDeps = {
  db: Database;
  repos?: AlarmPerformanceRepositories;
  /** Says who may ask about a site (the same rule as the device reports). */
  analytics: AnalyticsService;
  now?: () => Date;
};

const HOUR_MS = 60 * 60 * 1000;
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

type SensorKey = { deviceId: number; sensorId: string; treeName?: string | null };

/**
 * ALARM PERFORMANCE of a site (beyond the spec; docs/analytics.md): the alarm rate, chattering and standing
 * alarms, the most frequent sensors and the time to clear, over the site's devices that have analytics.
 */
export class AlarmPerformanceService {
  private readonly now: () => Date;
  private readonly repos: AlarmPerformanceRepositories;

  constructor(private readonly deps: AlarmPerformanceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.repos = deps.repos ?? REPOSITORIES;
  }

  async alarmPerformance(user: UserRow, siteId: number, query: AnalyticsQuery): Promise<AlarmPerformance> {
    const { db } = this.deps;
    await this.deps.analytics.assertSite(user, siteId);
    const site = await this.repos.sites.getLocationById(db, siteId);
    if (site === undefined) {
      throw notFound();
    }
    const devices = (await this.repos.devices.findDevicesByLocationIds(db, [siteId])).filter((device) =>
      ANALYTICS_DEVICE_TYPES.includes(device.deviceType),
    );
    const ids = devices.map((device) => device.id);
    const range = alarmRangeOf(query);
    const now = this.now();
    const [figures, standing, clears, peak, nameSensor] = await Promise.all([
      this.repos.alarmPerformance.findSensorAlarmFigures(db, ids, range, now),
      this.repos.alarmPerformance.findStandingAlarms(db, ids, range, now),
      this.repos.alarmPerformance.findClearTimes(db, ids, range),
      this.repos.alarmPerformance.findPeakWindow(db, ids, range),
      loadSensorNamer(db, ids),
    ]);
    const treeNames = new Map(figures.map((f) => [`${f.deviceId}:${f.sensorId}`, f.treeName]));
    const describe = sensorDescriber(devices, nameSensor, treeNames);
    // 'Alarms' leaves out those raised while their sensor was shelved, counted apart (issue 27).
    const all = figures.reduce((sum, figure) => sum + figure.alarms, 0);
    const shelved = figures.reduce((sum, figure) => sum + figure.shelved, 0);
    const total = all - shelved;
    const hours = Math.max(0, Math.min(range.to.getTime(), now.getTime()) - range.from.getTime()) / HOUR_MS;
    const ranked = [...figures].sort((a, b) => b.alarms - a.alarms || a.sensorId.localeCompare(b.sensorId));

    return {
      location: { id: site.id, title: site.title },
      start: isoDayOf(query.start),
      end: isoDayOf(query.end),
      total_alarms: total,
      shelved_alarms: shelved,
      hours: round(hours, 2),
      average_per_hour: hours === 0 ? 0 : round(total / hours, 2),
      peak:
        peak === null
          ? null
          : {
              start: peak.start.toISOString(),
              alarms: peak.alarms,
              per_hour: peak.alarms * (60 / PEAK_WINDOW_MINUTES),
            },
      chattering: ranked
        .filter((figure) => figure.bursts > 0)
        .map((figure) => ({ ...describe(figure), alarms: figure.alarms, bursts: figure.bursts })),
      standing_count: figures.reduce((sum, figure) => sum + figure.standing, 0),
      standing: standing.map((alarm) => ({
        ...describe(alarm),
        raised_at: alarm.raisedAt.toISOString(),
        cleared_at: alarm.clearedAt?.toISOString() ?? null,
        hours_open: round(((alarm.clearedAt ?? now).getTime() - alarm.raisedAt.getTime()) / HOUR_MS, 1),
      })),
      top_sensors: ranked.slice(0, TOP_SENSORS).map((figure) => ({
        ...describe(figure),
        alarms: figure.alarms,
        share: round((figure.alarms / all) * 100, 1),
      })),
      median_clear_seconds: clears.medianSeconds === null ? null : round(clears.medianSeconds, 1),
      cleared_alarms: clears.cleared,
    };
  }
}

/** Device title and display name of a sensor: the configured name wins over the tree's; F500 nodes named. */
function sensorDescriber(
  devices: readonly DeviceRow[],
  nameSensor: SensorNamer,
  treeNames: Map<string, string | null>,
) {
  const byId = new Map(devices.map((device) => [device.id, device]));
  return ({ deviceId, sensorId }: SensorKey) => {
    const device = byId.get(deviceId);
    return {
      device_id: deviceId,
      device_title: device?.title ?? '',
      sensor_id: sensorId,
      sensor_name: nameSensor(
        { id: deviceId, deviceType: device?.deviceType ?? null },
        sensorId,
        treeNames.get(`${deviceId}:${sensorId}`),
      ),
    };
  };
}
