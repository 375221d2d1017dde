import { listSensors, type StateTree, WarningsPageSchema } from '@vigil/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearingOf,
  postWarnings,
  treeReading,
  warningEventsOf,
  warningKindsOf,
} from '../../../test/fixtures/warnings';
import { postTree, provisionTypedDevice, signedInAt } from '../../../test/maintenance';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { notifications } from '../../db/tables/notifications.table';
import { listDeviceEvents } from '../telemetry/device-events.repo';

/**
 * Warnings evaluated on trees posted through the real HTTP ingest. Delays run on a fake Date (only Date is
 * faked; timers stay real): the ingest stamps each tree with the server's receive time, which the test moves.
 */
describe('warnings evaluated on the ingested trees', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** An F500 with a Manager of its site, one tree stored (bearing at 90 °F) and `list` saved. */
  async function deviceWithWarnings(list: Array<Record<string, unknown>>, app: FastifyInstance = t.app) {
    const d = await provisionTypedDevice(t.db, 'F500');
    const bearing = bearingOf(d.identity);
    const reading = (value: number | 'lost') => treeReading(d.identity, bearing, value);
    expect(await postTree(app, d.identity, reading(90))).toBe(202);
    const { authorization } = await signedInAt(app, t.db, d.site, 'Manager');
    const saved = await postWarnings(
      app,
      authorization,
      d.device.id,
      list.map((item) => ({ sensor_id: bearing, ...item })),
    );
    expect(saved.statusCode).toBe(201);
    const ids = WarningsPageSchema.parse(saved.json()).results.map((warning) => warning.id);
    return { ...d, bearing, reading, authorization, ids };
  }

  /** What a warning event says of the sensor when it crossed (the notification's unit and name). */
  const crossed = { units: '°F', name: 'Bearing Temperature' };

  /** Moves the server's clock to `seconds` after the first call's instant. */
  function fakeClock() {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const start = Date.now();
    return (seconds: number) => vi.setSystemTime(start + seconds * 1000);
  }

  it('raises warning_on when the reading crosses the value and warning_off when it returns (delay 0)', async () => {
    const d = await deviceWithWarnings([{ sign: '>', value: 100 }]);
    const post = (value: number | 'lost') => postTree(t.app, d.identity, d.reading(value));
    expect(await post(95)).toBe(202);
    expect(await warningKindsOf(t.db, d.device.id)).toEqual([]);
    expect(await post(105)).toBe(202);
    expect(await post(110)).toBe(202);
    // Lost communication tells nothing: the warning stays on.
    expect(await post('lost')).toBe(202);
    expect(await warningKindsOf(t.db, d.device.id)).toEqual(['warning_on']);
    expect(await post(99.5)).toBe(202);
    expect(await warningEventsOf(t.db, d.device.id)).toEqual([
      {
        kind: 'warning_on',
        sensorId: d.bearing,
        detail: { warning_id: d.ids[0], sign: '>', value: 100, delay_seconds: 0, reading: 105, ...crossed },
      },
      {
        kind: 'warning_off',
        sensorId: d.bearing,
        detail: { warning_id: d.ids[0], sign: '>', value: 100, delay_seconds: 0, reading: 99.5, ...crossed },
      },
    ]);
  });

  it('notifies with the sensor and its node, the reading that crossed and its unit (not the threshold)', async () => {
    const d = await deviceWithWarnings([{ sign: '>', value: 70 }]);
    expect(await postTree(t.app, d.identity, d.reading(212))).toBe(202);
    expect(await postTree(t.app, d.identity, d.reading(65))).toBe(202);
    await t.app.notificationProjector.drain();
    const rows = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.deviceId, d.device.id),
          inArray(notifications.eventType, ['warning_on', 'warning_off']),
        ),
      )
      .orderBy(asc(notifications.id));
    expect(rows.map((row) => [row.eventType, row.sensorName, row.value, row.content])).toEqual([
      [
        'warning_on',
        'Bearing Temperature · Node 1',
        '212 °F',
        'Warning Detected on Bearing Temperature · Node 1: 212 °F (warning > 70 °F)',
      ],
      [
        'warning_off',
        'Bearing Temperature · Node 1',
        '65 °F',
        'Warning Cleared on Bearing Temperature · Node 1: 65 °F (warning > 70 °F)',
      ],
    ]);
  });

  it("is told apart from the device's own WARNING status edges by detail.warning_id", async () => {
    const d = await deviceWithWarnings([{ sign: '<', value: 0 }]);
    const flagged: StateTree = d.reading(95);
    const sensor = listSensors(flagged).find((entry) => entry.fullId === d.bearing)?.sensor;
    Object.assign(sensor ?? {}, { Status: 'WARNING' });
    expect(await postTree(t.app, d.identity, flagged)).toBe(202);
    const deviceWarnings = (await listDeviceEvents(t.db, d.device.id)).filter(
      (event) => event.kind === 'warning_on',
    );
    expect(deviceWarnings).toHaveLength(1);
    expect(deviceWarnings[0]?.sensorId).toBe(d.bearing);
    expect(deviceWarnings[0]?.detail ?? {}).not.toHaveProperty('warning_id');
    expect(await warningKindsOf(t.db, d.device.id)).toEqual([]);
  });

  it('waits delay_seconds of receive time: a short excursion raises nothing, a held one raises once', async () => {
    const d = await deviceWithWarnings([{ sign: '>', value: 100, delay_seconds: 30 }]);
    const at = fakeClock();
    const postAt = async (seconds: number, value: number) => {
      at(seconds);
      expect(await postTree(t.app, d.identity, d.reading(value))).toBe(202);
    };
    await postAt(0, 105);
    await postAt(20, 120);
    await postAt(29, 95);
    await postAt(35, 105);
    await postAt(64, 105);
    expect(await warningKindsOf(t.db, d.device.id)).toEqual([]);
    await postAt(66, 107);
    await postAt(70, 108);
    expect(await warningEventsOf(t.db, d.device.id)).toEqual([
      expect.objectContaining({ kind: 'warning_on', detail: expect.objectContaining({ reading: 107 }) }),
    ]);
    // No delay on the way back.
    await postAt(72, 90);
    expect(await warningKindsOf(t.db, d.device.id)).toEqual(['warning_on', 'warning_off']);
  });

  it('keeps an unchanged active warning across a save, and clears a removed active one', async () => {
    const d = await deviceWithWarnings([
      { sign: '>', value: 100 },
      { sign: '<', value: 0 },
    ]);
    expect(await postTree(t.app, d.identity, d.reading(105))).toBe(202);
    const again = await postWarnings(t.app, d.authorization, d.device.id, [
      { sign: '>', value: '100', sensor_id: d.bearing },
      { sign: '<', value: 1, sensor_id: d.bearing },
    ]);
    expect(WarningsPageSchema.parse(again.json()).results[0]?.id).toBe(d.ids[0]);
    expect(await postTree(t.app, d.identity, d.reading(106))).toBe(202);
    expect(await warningKindsOf(t.db, d.device.id)).toEqual(['warning_on']);

    expect((await postWarnings(t.app, d.authorization, d.device.id, [])).statusCode).toBe(201);
    expect(await warningEventsOf(t.db, d.device.id)).toEqual([
      expect.objectContaining({ kind: 'warning_on' }),
      {
        kind: 'warning_off',
        sensorId: d.bearing,
        detail: {
          warning_id: d.ids[0],
          sign: '>',
          value: 100,
          delay_seconds: 0,
          reading: null,
          removed: true,
        },
      },
    ]);
    expect(t.app.warningsMonitor.isWatching(d.device.id)).toBe(false);
    expect(await postTree(t.app, d.identity, d.reading(90))).toBe(202);
    expect(await warningKindsOf(t.db, d.device.id)).toEqual(['warning_on', 'warning_off']);
  });

  it('watches only devices with warnings', async () => {
    const d = await provisionTypedDevice(t.db, 'F500');
    expect(await postTree(t.app, d.identity, treeReading(d.identity, bearingOf(d.identity), 150))).toBe(202);
    expect(t.app.warningsMonitor.isWatching(d.device.id)).toBe(false);
    const w = await deviceWithWarnings([{ sign: '>', value: 100 }]);
    expect(t.app.warningsMonitor.isWatching(w.device.id)).toBe(true);
  });

  it('records each edge once when two instances on one database see the same trees', async () => {
    const other = await buildTestApp({ database: t.database });
    try {
      const d = await deviceWithWarnings(
        [
          { sign: '>', value: 100 },
          { sign: '>', value: 100, delay_seconds: 5 },
        ],
        other.app,
      );
      // Saved on the other instance: this one learns of the list from the database.
      await t.app.warningsMonitor.refresh();
      const at = fakeClock();
      const both = async (seconds: number, value: number) => {
        at(seconds);
        const tree = d.reading(value);
        expect(
          await Promise.all([postTree(t.app, d.identity, tree), postTree(other.app, d.identity, tree)]),
        ).toEqual([202, 202]);
      };
      await both(0, 105);
      await both(3, 106);
      await both(6, 107);
      await both(7, 95);
      await both(8, 96);
      const edges = (await warningEventsOf(t.db, d.device.id)).map((e) => `${e.kind} ${e.detail.warning_id}`);
      expect(edges.sort()).toEqual(
        [
          `warning_on ${d.ids[0]}`,
          `warning_on ${d.ids[1]}`,
          `warning_off ${d.ids[0]}`,
          `warning_off ${d.ids[1]}`,
        ].sort(),
      );
    } finally {
      await other.close();
    }
  });
});
