import type { Database } from '../db/database';
import type { NewSensorReadingRow } from '../db/tables/sensor-readings.table';
import { insertDeviceEvents } from '../modules/telemetry/device-events.repo';
import { ensurePartitions } from '../modules/telemetry/partitions';
import { saveRollupProgress, upsertRollups } from '../modules/telemetry/rollups.repo';
import { insertSensorReadings, insertStateRecords, upsertSensors } from '../modules/telemetry/telemetry.repo';
import { DEMO_DEVICES } from './demo-devices';
import { buildDeviceTimeline, type DeviceTimeline, type TimelineWindow } from './demo-history-timeline';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** Readings per COPY: bounds the text built in memory at once. */
const READINGS_PER_COPY = 25_000;

export type DemoHistorySummary = { readings: number; events: number; records: number };

/** The readings of a timeline under their sensors keys, the keys created as the ingest creates them. */
async function keyedReadings(
  db: Database,
  deviceId: number,
  timeline: DeviceTimeline,
): Promise<NewSensorReadingRow[]> {
  const sensorIds = [...new Set(timeline.readings.map((reading) => reading.sensorId))];
  const keys = new Map(
    (
      await upsertSensors(
        db,
        sensorIds.map((sensorId) => ({ deviceId, sensorId })),
      )
    ).map((row) => [row.sensorId, row.id]),
  );
  return timeline.readings.flatMap(({ sensorId, ts, value, status, inAlarm }) => {
    const sensorKey = keys.get(sensorId);
    return sensorKey === undefined ? [] : [{ sensorKey, ts, value, status, inAlarm }];
  });
}

/**
 * Writes the demo devices' past (demo-history-timeline.ts) through the ingest's own bulk statements: sensors
 * keys, readings by COPY, device events (the notifications log is built from them by the projector, as old
 * news: no e-mail), snapshots, then the 1-minute and 1-hour roll-ups of the whole window and the roll-up
 * progress at its end, so the roll-up job goes on from there. Run once, in the demo seed's transaction.
 */
export async function seedDemoHistory(
  db: Database,
  deviceIds: ReadonlyMap<string, number>,
  window: TimelineWindow,
): Promise<DemoHistorySummary> {
  const summary: DemoHistorySummary = { readings: 0, events: 0, records: 0 };
  if (window.from.getTime() >= window.until.getTime()) {
    return summary;
  }
  const days = Math.ceil((window.until.getTime() - window.from.getTime()) / DAY_MS);
  await ensurePartitions(db, 'sensor_readings', window.from, days);
  await ensurePartitions(db, 'sensor_rollups_1m', window.from, days);
  for (const device of DEMO_DEVICES) {
    const deviceId = deviceIds.get(device.udfId);
    if (deviceId === undefined) {
      continue;
    }
    const timeline = buildDeviceTimeline(device, deviceId, window);
    const readings = await keyedReadings(db, deviceId, timeline);
    for (let start = 0; start < readings.length; start += READINGS_PER_COPY) {
      await insertSensorReadings(db, readings.slice(start, start + READINGS_PER_COPY));
    }
    await insertDeviceEvents(db, timeline.events);
    await insertStateRecords(db, timeline.records);
    summary.readings += readings.length;
    summary.events += timeline.events.length;
    summary.records += timeline.records.length;
  }
  const hoursUntil = new Date(Math.floor(window.until.getTime() / HOUR_MS) * HOUR_MS);
  await upsertRollups(db, '1m', { from: window.from, to: window.until });
  await upsertRollups(db, '1h', { from: window.from, to: hoursUntil });
  await saveRollupProgress(db, '1m', window.until);
  await saveRollupProgress(db, '1h', hoursUntil);
  return summary;
}
