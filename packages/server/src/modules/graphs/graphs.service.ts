import {
  type DeviceGraphs,
  GRAPH_LIMITS,
  type Graph,
  type MachineGraph,
  type StateTree,
} from '@vigil/contracts';
import { historyVisibleSince } from '../../access/device-history';
import type { Database } from '../../db/database';
import type { DeviceRow } from '../../db/tables/devices.table';
import type { UserRow } from '../../db/tables/users.table';
import * as maintenanceRepo from '../maintenance/maintenance.repo';
import { readableDevice } from '../sensor-settings/device-settings';
import * as sitesRepo from '../sites/sites.repo';
import * as deviceEventsRepo from '../telemetry/device-events.repo';
import { readBucketColumns } from './graph-bucket-columns';
import type { BucketsByKey } from './graph-buckets';
import { type GraphEventsQuery, listGraphEvents } from './graph-events';
import { gapThresholdMs } from './graph-gaps';
import {
  type DeviceGraphLayout,
  type GraphLayout,
  layoutOfSensors,
  layoutSensorKeys,
  loadGraphLayout,
} from './graph-layout';
import { payloadJson } from './graph-payload-json';
import { type SeriesPointOptions, seriesPoints } from './graph-points';
import {
  type GraphsQuery,
  type GraphWindow,
  graphWindowOf,
  liveWindowOf,
  visibleWindow,
} from './graph-range';
import { StoredBucketsCache } from './graph-stored-cache';
import * as graphsRepo from './graphs.repo';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = {
  graphs: graphsRepo,
  sites: sitesRepo,
  deviceEvents: deviceEventsRepo,
  maintenance: maintenanceRepo,
};
export type GraphsRepositories = typeof REPOSITORIES;

export type GraphsDeps = {
  db: Database;
  repos?: GraphsRepositories;
  /** The device's newest tree: this instance's memory or device_state, whichever is newer. */
  latestTree(device: DeviceRow): Promise<StateTree | undefined>;
  /** HISTORY_RETENTION_DAYS (roll-ups older are deleted; ranges near that edge are not cached). */
  historyRetentionDays: number;
  /** The stored part of month and historical graphs; one per app (graph-stored-cache.ts). */
  storedCache?: StoredBucketsCache;
  now?: () => Date;
};

/**
 * GET graphs/device/{id}/ and live-update/ (M sections 2, 3, 4 and 9; docs/graphs.md): the device's graphs
 * from its latest tree, each series read for all sensors at once and held to the point budget.
 */
export class GraphsService {
  private readonly storedCache: StoredBucketsCache;
  private readonly repos: GraphsRepositories;

  constructor(private readonly deps: GraphsDeps) {
    this.storedCache = deps.storedCache ?? new StoredBucketsCache();
    this.repos = deps.repos ?? REPOSITORIES;
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * `timescale` ending now (default 'day'), `timestamp` (historical, site time) or `from`/`to`: the payload as
   * UTF-8 JSON (graph-payload-json.ts), the stored part of month and historical graphs from the cache.
   */
  async deviceGraphsJson(user: UserRow, deviceId: number, query: GraphsQuery): Promise<Buffer> {
    const { db } = this.deps;
    const device = await readableDevice(db, user, deviceId);
    const timeZone =
      query.timestamp === undefined
        ? 'UTC'
        : ((await this.repos.sites.getLocationById(db, device.locationId))?.timezone ?? 'UTC');
    const now = this.now();
    const window = visibleWindow(
      graphWindowOf(query, now, timeZone),
      await historyVisibleSince(db, user, device.id),
    );
    const layout = await loadGraphLayout(db, device, this.deps.latestTree);
    const context = {
      db,
      cache: this.storedCache,
      deviceId: device.id,
      retentionDays: this.deps.historyRetentionDays,
      nowMs: now.getTime(),
    };
    const columns = await readBucketColumns(context, window, layoutSensorKeys(layout));
    return payloadJson(device, layout, columns, pointOptionsOf(window, now, undefined));
  }

  /**
   * Only the points after `since` (at most an hour back), or the last 10 minutes without it; every graph and
   * every series in the order of the full call, so the page appends by series position.
   */
  async liveUpdate(user: UserRow, deviceId: number, since: number | undefined): Promise<DeviceGraphs> {
    const device = await readableDevice(this.deps.db, user, deviceId);
    const now = this.now();
    const window = visibleWindow(
      liveWindowOf(since, now),
      await historyVisibleSince(this.deps.db, user, device.id),
    );
    // A `since` older than the window (a page left asleep) gets no gap from it: the page missed points anyway.
    const held = since !== undefined && since + 1 >= window.from.getTime() ? since : undefined;
    return this.payload(device, window, now, held);
  }

  /** GET graphs/device/{id}/events/ (graph-events.ts): the marks of the time axis. */
  async events(user: UserRow, deviceId: number, query: GraphEventsQuery) {
    return listGraphEvents({ ...this.deps, repos: this.repos }, user, deviceId, query);
  }

  /**
   * The 24-hour graphs (as `?timescale=day`) of some sensors of some devices, each device's sensors by full id:
   * per sensor group only those sensors' series, groups without one left out, every device's graphs together in
   * M section 9 order (graphs/machine/{id}/ of the visual dashboard). 404 for a device the person does not see.
   */
  async dayGraphsOfSensors(
    user: UserRow,
    sensorsByDevice: ReadonlyMap<number, ReadonlySet<string>>,
  ): Promise<MachineGraph[]> {
    const { db } = this.deps;
    const now = this.now();
    const ranked: Array<MachineGraph & { rank: number }> = [];
    for (const [deviceId, sensorIds] of sensorsByDevice) {
      const device = await readableDevice(db, user, deviceId);
      const window = visibleWindow(
        graphWindowOf({ timescale: 'day' }, now, 'UTC'),
        await historyVisibleSince(db, user, device.id),
      );
      const layout = layoutOfSensors(await loadGraphLayout(db, device, this.deps.latestTree), sensorIds);
      for (const { layout: graph, json } of await this.graphsOf(device, layout, window, now, undefined)) {
        ranked.push({
          key: graph.key,
          device: device.id,
          device_name: device.title,
          ...json,
          rank: graph.rank,
        });
      }
    }
    // A stable sort: graphs of one rank keep their device's order and their tree order.
    return ranked.sort((a, b) => a.rank - b.rank).map(({ rank: _rank, ...graph }) => graph);
  }

  private async payload(
    device: DeviceRow,
    window: GraphWindow,
    now: Date,
    previousTs: number | undefined,
  ): Promise<DeviceGraphs> {
    const layout = await loadGraphLayout(this.deps.db, device, this.deps.latestTree);
    const graphs: Record<string, Graph> = {};
    for (const { layout: graph, json } of await this.graphsOf(device, layout, window, now, previousTs)) {
      graphs[graph.key] = json;
    }
    return { device: device.id, device_name: device.title, device_type: device.deviceType, graphs };
  }

  /** The layout's graphs with their points over the window, in the layout's order. */
  private async graphsOf(
    device: DeviceRow,
    layout: DeviceGraphLayout,
    window: GraphWindow,
    now: Date,
    previousTs: number | undefined,
  ): Promise<Array<{ layout: GraphLayout; json: Graph }>> {
    const buckets = await this.readBuckets(window, layoutSensorKeys(layout));
    const options = pointOptionsOf(window, now, previousTs);
    return layout.graphs.map((graph) => ({
      layout: graph,
      json: {
        units: graph.units,
        value_label: graph.valueLabel,
        series: graph.series.map((series) => ({
          sensor: series.sensor,
          name: series.name,
          device_name: device.title,
          sensor_type: series.sensorType,
          value_label: series.valueLabel,
          data:
            series.sensorKey === null
              ? []
              : seriesPoints(buckets.get(series.sensorKey) ?? [], series, options),
        })),
      },
    }));
  }

  /** One query per table for every sensor of the device (plus the roll-up tail not stored yet). */
  private readBuckets(window: GraphWindow, keys: number[]): Promise<BucketsByKey> {
    const { db } = this.deps;
    return window.source === 'raw'
      ? this.repos.graphs.findRawBuckets(db, keys, window, window.bucketMs)
      : this.repos.graphs.findRollupBuckets(db, window.source, keys, window, window.bucketMs);
  }
}

function pointOptionsOf(window: GraphWindow, now: Date, previousTs: number | undefined): SeriesPointOptions {
  return {
    thresholdMs: gapThresholdMs(window.gapBaseMs, window.bucketMs),
    previousTs,
    until: window.endsNow ? now.getTime() : undefined,
    budget: GRAPH_LIMITS.pointBudget,
  };
}
