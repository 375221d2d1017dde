import type { StateTree } from '@vigil/contracts';
import { type ScenarioName, SimulatedDevice } from '@vigil/simulator';
import type { NewDeviceEventRow } from '../db/tables/device-events.table';
import { EventDetector } from '../modules/telemetry/device-events';
import type { StateRecordWrite } from '../modules/telemetry/telemetry.repo';
import { readingsOf, type TreeReading } from '../modules/telemetry/tree-rows';
import type { DemoDevice } from './demo-devices';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * The demo's past (issue 23): four weeks, so the 7-day and 30-day graphs, the historical records and the
 * notifications have something to show on the first start. The device steps every 10 minutes (incidents and
 * events at that resolution), but readings are stored only as often as the graphs need them, so the first start
 * stays fast: every step in the last day, every 30 minutes in the last week (the 7-day graph breaks a line only
 * after 34.5 minutes), every hour before (the 30-day graph reads hourly points), and every step around incidents.
 */
export const DEMO_HISTORY = {
  days: 28,
  stepMinutes: 10,
  /** Minutes between stored readings by age: under a day, under a week, older. */
  readingEveryMinutes: { day: 10, week: 30, older: 60 },
  /** A snapshot (state record) every so many hours, and at every Status or Alarm change. */
  recordEveryHours: 6,
  /** The device_offline event follows the last tree by the server's default offline threshold. */
  offlineAfterMs: 60_000,
} as const;

/** Something that happened to a demo device: `daysAgo` days before today (UTC) at `hour` UTC, for `minutes`. */
export type DemoIncident = {
  udfId: string;
  scenario: ScenarioName;
  daysAgo: number;
  hour: number;
  minutes: number;
};

/** Sparse and plausible: about one incident a device a week, all ended a day before the demo starts. */
export const DEMO_INCIDENTS: readonly DemoIncident[] = [
  { udfId: 'F5000001', scenario: 'temperature-drift', daysAgo: 26, hour: 14, minutes: 60 },
  { udfId: 'F5000001', scenario: 'misalignment', daysAgo: 23, hour: 8, minutes: 20 },
  { udfId: 'F5000001', scenario: 'temperature-drift', daysAgo: 19, hour: 3, minutes: 40 },
  { udfId: 'F5000001', scenario: 'lost-communication', daysAgo: 16, hour: 6, minutes: 30 },
  { udfId: 'F5000001', scenario: 'temperature-drift', daysAgo: 12, hour: 10, minutes: 60 },
  { udfId: 'F5000001', scenario: 'misalignment', daysAgo: 9, hour: 13, minutes: 20 },
  { udfId: 'F5000001', scenario: 'temperature-drift', daysAgo: 5, hour: 16, minutes: 50 },
  { udfId: 'F5000001', scenario: 'temperature-drift', daysAgo: 2, hour: 22, minutes: 40 },
  { udfId: 'F5U00001', scenario: 'underspeed', daysAgo: 25, hour: 11, minutes: 20 },
  { udfId: 'F5U00001', scenario: 'temperature-drift', daysAgo: 20, hour: 15, minutes: 60 },
  { udfId: 'F5U00001', scenario: 'underspeed', daysAgo: 15, hour: 18, minutes: 30 },
  { udfId: 'F5U00001', scenario: 'not-scanned', daysAgo: 11, hour: 12, minutes: 30 },
  { udfId: 'F5U00001', scenario: 'temperature-drift', daysAgo: 8, hour: 2, minutes: 50 },
  { udfId: 'F5U00001', scenario: 'underspeed', daysAgo: 4, hour: 9, minutes: 20 },
  { udfId: 'W0300001', scenario: 'misalignment', daysAgo: 24, hour: 7, minutes: 30 },
  { udfId: 'W0300001', scenario: 'temperature-drift', daysAgo: 17, hour: 14, minutes: 60 },
  { udfId: 'W0300001', scenario: 'misalignment', daysAgo: 13, hour: 17, minutes: 20 },
  { udfId: 'W0300001', scenario: 'offline', daysAgo: 10, hour: 1, minutes: 180 },
  { udfId: 'W0300001', scenario: 'misalignment', daysAgo: 3, hour: 12, minutes: 20 },
  { udfId: 'E0005001', scenario: 'temperature-drift', daysAgo: 22, hour: 13, minutes: 50 },
  { udfId: 'E0005001', scenario: 'underspeed', daysAgo: 14, hour: 16, minutes: 20 },
  { udfId: 'E0005001', scenario: 'temperature-drift', daysAgo: 6, hour: 10, minutes: 40 },
  { udfId: 'E0006001', scenario: 'temperature-drift', daysAgo: 18, hour: 9, minutes: 60 },
  { udfId: 'E0006001', scenario: 'underspeed', daysAgo: 7, hour: 11, minutes: 30 },
  { udfId: 'E0006001', scenario: 'underspeed', daysAgo: 1, hour: 8, minutes: 20 },
];

/** One device's past: readings by sensor id, events and snapshots, all before `until`. */
export type DeviceTimeline = {
  readings: Array<TreeReading & { ts: Date }>;
  events: NewDeviceEventRow[];
  records: StateRecordWrite[];
};

export type TimelineWindow = { from: Date; until: Date };

const floorTo = (ms: number, step: number): number => Math.floor(ms / step) * step;

/** The history's window: `days` before `now` up to the start of now's minute, on step boundaries; empty for 0. */
export function historyWindow(now: Date, days: number = DEMO_HISTORY.days): TimelineWindow {
  const stepMs = DEMO_HISTORY.stepMinutes * MINUTE_MS;
  const until = new Date(floorTo(now.getTime(), MINUTE_MS));
  return { from: days <= 0 ? until : new Date(floorTo(now.getTime() - days * DAY_MS, stepMs)), until };
}

/** Whether a reading taken at `t` is stored: as often as the graphs of its age need (DEMO_HISTORY). */
function isReadingDue(t: number, until: number): boolean {
  const { day, week, older } = DEMO_HISTORY.readingEveryMinutes;
  const age = until - t;
  const everyMinutes = age <= DAY_MS ? day : age <= 7 * DAY_MS ? week : older;
  return t % (everyMinutes * MINUTE_MS) === 0;
}

/** A snapshot holds no device credential (the access code is never stored). */
function withoutAccessCode(tree: StateTree): StateTree {
  return { ...tree, device: { ...tree.device, accessCode: '' } };
}

/** The incidents of `device` inside the window, with their start instant. */
function incidentsIn(device: DemoDevice, window: TimelineWindow, incidents: readonly DemoIncident[]) {
  const today = floorTo(window.until.getTime(), DAY_MS);
  return incidents
    .filter((incident) => incident.udfId === device.udfId)
    .map((incident) => ({ ...incident, at: today - incident.daysAgo * DAY_MS + incident.hour * HOUR_MS }))
    .filter((incident) => incident.at >= window.from.getTime() && incident.at < window.until.getTime());
}

/**
 * Drives a simulated demo device through the window, a step every 10 minutes, with its incidents, and derives
 * what the ingest would have stored: readings (as often as the graphs of their age need, and around
 * incidents), alarm and warning edges (the ingest's EventDetector), offline and online events, and snapshots.
 * A tree is built only when something of it is stored or an incident runs: between incidents nothing alarms,
 * so the edges come out the same.
 */
export function buildDeviceTimeline(
  device: DemoDevice,
  deviceId: number,
  window: TimelineWindow,
  incidents: readonly DemoIncident[] = DEMO_INCIDENTS,
): DeviceTimeline {
  const stepMs = DEMO_HISTORY.stepMinutes * MINUTE_MS;
  const recordEveryMs = DEMO_HISTORY.recordEveryHours * HOUR_MS;
  const simulated = new SimulatedDevice(device, { seed: 2026, rate: 1000 / stepMs, scenarioChance: 0 });
  const due = incidentsIn(device, window, incidents);
  const detector = new EventDetector();
  const timeline: DeviceTimeline = { readings: [], events: [], records: [] };
  let lastRecord: { status: string; alarm: boolean } | undefined;
  let wasEventful = false;
  let lastSeen: number | undefined;
  for (let t = window.from.getTime(); t < window.until.getTime(); t += stepMs) {
    for (const incident of due.filter((next) => next.at > t - stepMs && next.at <= t)) {
      simulated.startScenario(incident.scenario, incident.minutes * 60);
    }
    simulated.step();
    if (!simulated.isPublishing) {
      if (lastSeen !== undefined) {
        const ts = new Date(lastSeen + DEMO_HISTORY.offlineAfterMs);
        const detail = { lastSeenAt: new Date(lastSeen).toISOString() };
        timeline.events.push({ deviceId, ts, kind: 'device_offline', detail });
        lastSeen = undefined;
      }
      continue;
    }
    if (lastSeen === undefined && t > window.from.getTime()) {
      timeline.events.push({ deviceId, ts: new Date(t), kind: 'device_online' });
    }
    lastSeen = t;
    const isEventful = simulated.activeScenarios().length > 0;
    const isReading = isReadingDue(t, window.until.getTime()) || isEventful || wasEventful;
    const isRecordDue = t % recordEveryMs === 0;
    if (!(isReading || isRecordDue || isEventful || wasEventful)) {
      continue;
    }
    wasEventful = isEventful;
    const at = new Date(t);
    const tree = simulated.stateTree(at);
    timeline.events.push(...detector.eventsOf(deviceId, tree, at));
    if (isReading) {
      for (const reading of readingsOf(tree)) {
        timeline.readings.push({ ...reading, ts: at });
      }
    }
    if (isRecordDue || lastRecord?.status !== tree.Status || lastRecord.alarm !== tree.Alarm) {
      timeline.records.push({ deviceId, ts: at, status: tree.Status, tree: withoutAccessCode(tree) });
      lastRecord = { status: tree.Status, alarm: tree.Alarm };
    }
  }
  return timeline;
}
