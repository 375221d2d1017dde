import {
  GRAPH_LIMITS,
  type GraphEvent,
  type GraphEventKind,
  MAINTENANCE_EVENTS,
  type MaintenanceEventType,
} from '@vigil/contracts';
import { historyVisibleSince, visibleFrom } from '../../access/device-history';
import type { DeviceEventKind, DeviceEventRow } from '../../db/tables/device-events.table';
import type { MaintenanceRecordRow } from '../../db/tables/maintenance.table';
import type { UserRow } from '../../db/tables/users.table';
import { readableDevice } from '../sensor-settings/device-settings';
import { layoutSeries, loadGraphLayout } from './graph-layout';
import { eventsRangeOf } from './graph-range';
import type { GraphsDeps, GraphsRepositories } from './graphs.service';

export type GraphEventsQuery = { from?: number | undefined; to?: number | undefined };

/**
 * Beyond the spec (issue 10; docs/graphs.md 'Events'): what happened on the time axis of every chart, from the
 * device events (alarm and warning on/off, offline and online) and the maintenance records, so a person sees
 * why a line moved. Oldest first; at most GRAPH_LIMITS.eventsLimit, the newest.
 */

const DEVICE_KINDS = [
  'alarm_on',
  'alarm_off',
  'warning_on',
  'warning_off',
  'device_offline',
  'device_online',
] as const satisfies ReadonlyArray<DeviceEventKind & GraphEventKind>;
type DrawnDeviceKind = (typeof DEVICE_KINDS)[number];

const DEVICE_LABELS: Record<DrawnDeviceKind, string> = {
  alarm_on: 'Alarm on',
  alarm_off: 'Alarm off',
  warning_on: 'Warning on',
  warning_off: 'Warning off',
  device_offline: 'Device offline',
  device_online: 'Device online',
};

const MAINTENANCE_LABELS: Record<MaintenanceEventType, string> = {
  [MAINTENANCE_EVENTS.expectAlarmOn]: 'Maintenance test started',
  [MAINTENANCE_EVENTS.expectAlarmOff]: 'Maintenance test alarm detected',
  [MAINTENANCE_EVENTS.succeeded]: 'Maintenance test succeeded',
  [MAINTENANCE_EVENTS.canceled]: 'Maintenance test canceled',
  [MAINTENANCE_EVENTS.failed]: 'Maintenance test failed',
};

const withName = (label: string, name: string | undefined): string =>
  name === undefined || name === '' ? label : `${label}: ${name}`;

/** A device event as a mark: 'Alarm on: <sensor name>' (the custom name where set), 'Device offline'. */
export function deviceEventMark(row: DeviceEventRow, names: ReadonlyMap<string, string>): GraphEvent {
  const kind = row.kind as DrawnDeviceKind;
  const sensor = row.sensorId ?? null;
  return {
    kind,
    at: row.ts.getTime(),
    sensor,
    label: withName(DEVICE_LABELS[kind], sensor === null ? undefined : (names.get(sensor) ?? sensor)),
  };
}

/** A maintenance record as a mark: 'Maintenance test started: <sensor name>' and so on. */
export function maintenanceMark(
  row: MaintenanceRecordRow,
  canonicalId: (sent: string) => string,
): GraphEvent {
  return {
    kind: 'maintenance',
    at: row.maintenanceTime.getTime(),
    sensor: canonicalId(row.sensorId),
    label: withName(MAINTENANCE_LABELS[row.eventType] ?? 'Maintenance', row.sensorName),
  };
}

/** Both lists merged: the newest `limit`, then oldest first. */
export function mergeMarks(lists: readonly GraphEvent[][], limit: number): GraphEvent[] {
  return lists
    .flat()
    .sort((a, b) => b.at - a.at)
    .slice(0, limit)
    .reverse();
}

/** GET graphs/device/{id}/events/?from&to (epoch ms; default the last day; at most 31 days). */
export async function listGraphEvents(
  deps: GraphsDeps & { repos: GraphsRepositories },
  user: UserRow,
  deviceId: number,
  query: GraphEventsQuery,
): Promise<GraphEvent[]> {
  const { db, repos } = deps;
  const device = await readableDevice(db, user, deviceId);
  const asked = eventsRangeOf(query, deps.now?.() ?? new Date());
  const since = await historyVisibleSince(db, user, device.id);
  // Before the device came to its current client: nothing (an empty range when all of it lies before).
  const range = { from: visibleFrom(asked.from, since), to: asked.to };
  const limit = GRAPH_LIMITS.eventsLimit;
  const [layout, events, records] = await Promise.all([
    loadGraphLayout(db, device, deps.latestTree),
    repos.deviceEvents.listDeviceEvents(db, device.id, {
      ...range,
      limit,
      kinds: DEVICE_KINDS,
      newestFirst: true,
    }),
    repos.maintenance.findMaintenanceRecordsBetween(db, device.id, { ...range, limit }),
  ]);
  const names = new Map(layoutSeries(layout).map((series) => [series.sensor, series.sensorName]));
  // Maintenance ids start with the tree's Id (docs/maintenance.md); graphs use device.deviceId.
  const { treeId } = layout;
  const canonicalId = (sent: string): string =>
    treeId !== null && sent.startsWith(`${treeId}.`)
      ? `${layout.deviceId}${sent.slice(treeId.length)}`
      : sent;
  return mergeMarks(
    [
      events.map((row) => deviceEventMark(row, names)),
      records.map((row) => maintenanceMark(row, canonicalId)),
    ],
    limit,
  );
}
