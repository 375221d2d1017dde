import {
  listSensors,
  MACHINE_EVENT_LIMIT,
  type MachineEvent,
  MachineEventListSchema,
} from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmingDevice, listNotifications } from '../../../test/fixtures/notifications';
import { expectReaderRefusals, savedTab, visualPeopleAt } from '../../../test/fixtures/visual-dashboard';
import { postStep, postTree, treeWith } from '../../../test/maintenance';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { type NewNotificationRow, notifications } from '../../db/tables/notifications.table';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('machine activity of the visual dashboard (Active Alarms, maintenance)', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof alarmingDevice>>;
  /** Bearing temperatures of nodes 1 to 4: A and B on Leg 1, C on another tab's machine, E bound nowhere. */
  let sensor: Record<'a' | 'b' | 'c' | 'e', string>;
  let plant: { schema: number; leg: number; belt: number };
  let tick = 1;
  const headers = { manager: '', reader: '', disabled: '', foreign: '' };

  /** A tree of the device with these sensors in alarm, `warned` in warning and every other one clear. */
  async function alarmed(...sensors: string[]): Promise<void> {
    await posted(sensors, []);
  }

  async function posted(inAlarm: string[], warned: string[]): Promise<void> {
    tick += 1;
    const tree = treeWith(d.identity, 'none', 'clear', tick);
    for (const entry of listSensors(tree)) {
      if (inAlarm.includes(entry.fullId)) {
        Object.assign(entry.sensor, { Alarm: true, Status: 'Alarm' });
      } else if (warned.includes(entry.fullId)) {
        Object.assign(entry.sensor, { Alarm: false, Status: 'WARNING' });
      }
    }
    expect(await postTree(t.app, d.identity, tree)).toBe(202);
  }

  const get = (url: string, authorization = headers.reader) =>
    t.app.inject({ method: 'GET', url, headers: authorization === '' ? {} : { authorization } });

  async function eventsAt(url: string): Promise<MachineEvent[]> {
    const answer = await get(url);
    expect(answer.statusCode, answer.body).toBe(200);
    return MachineEventListSchema.parse(answer.json());
  }

  /** Notification rows written straight to the log (the limit: more than a machine ever gathers). */
  async function insertRows(eventType: 'alarm_on' | 'maintenance', sensorId: string, count: number) {
    const now = Date.now();
    const rows: NewNotificationRow[] = Array.from({ length: count }, (_, index) => ({
      eventType,
      locationId: d.site.id,
      deviceId: d.device.id,
      deviceTitle: d.device.title,
      sensorId,
      content: `row ${index}`,
      isActive: eventType === 'alarm_on',
      dateCreated: new Date(now - (index + 1) * MINUTE),
      dispatchedAt: new Date(now),
    }));
    await t.db.insert(notifications).values(rows);
  }

  beforeAll(async () => {
    t = await buildTestApp();
    d = await alarmingDevice(t.app, t.db);
    const nodes = listSensors(treeWith(d.identity, 'none', 'clear', 0))
      .map((entry) => entry.fullId)
      .filter((id) => /\.n0[1-4]\.1$/.test(id));
    sensor = { a: nodes[0] ?? '', b: nodes[1] ?? '', c: nodes[2] ?? '', e: nodes[3] ?? '' };
    await d.post('clear');
    Object.assign(headers, await visualPeopleAt(t.app, t.db, d.site));
    const first = await savedTab(t.app, headers.manager, { location: d.site.id, schema: null }, [
      sensor.a,
      sensor.b,
    ]);
    await savedTab(t.app, headers.manager, { location: d.site.id, schema: first.schema }, [sensor.c]);
    plant = { schema: first.schema, leg: first.machines['Leg 1'] ?? 0, belt: first.machines['Belt 1'] ?? 0 };
  });
  afterAll(async () => t.close());

  it("lists the bound sensors' alarms still on, newest first, without a cleared one or an unbound sensor's", async () => {
    await alarmed(sensor.a);
    await alarmed();
    await posted([sensor.c, sensor.e], [sensor.b]);
    await posted([sensor.a, sensor.c, sensor.e], [sensor.b]);
    await t.app.notificationProjector.drain();

    const leg = await eventsAt(`/api/v2/machines/${plant.leg}/notifications/`);
    expect(leg.map((item) => [item.full_sensor_id, item.event_type])).toEqual([
      [sensor.a, 'Alarm Detected'],
      [sensor.b, 'Warning Detected'],
    ]);
    // The same row, named as the notifications list names it.
    const active = await listNotifications(t.app, headers.manager, `?device=${d.device.id}&is_active=true`);
    const listed = active.results.find((item) => item.full_sensor_id === sensor.a);
    expect(leg[0]).toEqual({
      id: listed?.id,
      content: listed?.content,
      date_created: listed?.date_created,
      device_id: d.device.id,
      device_name: d.device.title,
      event_type: 'Alarm Detected',
      full_sensor_id: sensor.a,
      sensor_id: '1',
      sensor_name: listed?.sensor_name,
      value: listed?.value,
    });
    expect((leg[0]?.date_created ?? 0) >= (leg[1]?.date_created ?? 0)).toBe(true);
    expect(await eventsAt(`/api/v2/machines/${plant.belt}/notifications/`)).toEqual([]);

    // The live view: every sensor bound in the schema (C on the other tab), never E.
    const schema = await eventsAt(`/api/v2/schemas/${plant.schema}/notifications/`);
    expect(schema[0]?.full_sensor_id).toBe(sensor.a);
    expect(schema.map((item) => item.full_sensor_id).sort()).toEqual([sensor.a, sensor.b, sensor.c].sort());

    // Cleared: the alarms close and leave Active Alarms.
    await alarmed(sensor.e);
    await t.app.notificationProjector.drain();
    expect(await eventsAt(`/api/v2/machines/${plant.leg}/notifications/`)).toEqual([]);
    expect(await eventsAt(`/api/v2/schemas/${plant.schema}/notifications/`)).toEqual([]);
  });

  it("lists the bound sensors' maintenance steps of the last 30 days, newest first", async () => {
    await alarmed();
    const step = async (eventType: string, sensorId: string, comment = 'empty area') => {
      const answer = await postStep(t.app, headers.manager, d.device.id, {
        event_type: eventType,
        sensor_id: sensorId,
        sensor_name: 'Bearing',
        comment,
      });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    await step('maintenance_expect_alarm_on', sensor.a);
    await step('maintenance_canceled', sensor.a, 'Not today');
    await step('maintenance_expect_alarm_on', sensor.e);
    await step('maintenance_canceled', sensor.e, 'Not today');
    await t.app.notificationProjector.drain();
    await t.db.insert(notifications).values({
      eventType: 'maintenance',
      locationId: d.site.id,
      deviceId: d.device.id,
      sensorId: sensor.a,
      content: 'Maintenance test started long ago',
      dateCreated: new Date(Date.now() - 31 * DAY),
      dispatchedAt: new Date(),
    });

    const steps = await eventsAt(`/api/v2/machines/${plant.leg}/maintenance/`);
    expect(steps.map((item) => [item.event_type, item.full_sensor_id])).toEqual([
      ['Maintenance', sensor.a],
      ['Maintenance', sensor.a],
    ]);
    expect(steps[0]?.content).toMatch(/^Maintenance test canceled on /);
    expect(steps[1]?.content).toMatch(/^Maintenance test started on /);
    expect(await eventsAt(`/api/v2/machines/${plant.belt}/maintenance/`)).toEqual([]);
  });

  it(`answers at most ${MACHINE_EVENT_LIMIT} items, the newest`, async () => {
    await insertRows('alarm_on', sensor.b, MACHINE_EVENT_LIMIT + 5);
    await insertRows('maintenance', sensor.b, MACHINE_EVENT_LIMIT + 5);
    for (const url of [
      `/api/v2/machines/${plant.leg}/notifications/`,
      `/api/v2/schemas/${plant.schema}/notifications/`,
      `/api/v2/machines/${plant.leg}/maintenance/`,
    ]) {
      const items = await eventsAt(url);
      expect(items).toHaveLength(MACHINE_EVENT_LIMIT);
      const times = items.map((item) => item.date_created);
      expect(times).toEqual([...times].sort((x, y) => y - x));
      expect(items.some((item) => item.content === `row ${MACHINE_EVENT_LIMIT + 4}`)).toBe(false);
    }
  });

  it('refuses a bad id (400), no token (401), no visual dashboard (403), another tenant or an unknown id (404)', async () => {
    for (const [kind, id] of [
      ['machines', plant.leg],
      ['schemas', plant.schema],
    ] as const) {
      for (const list of kind === 'machines' ? ['notifications', 'maintenance'] : ['notifications']) {
        await expectReaderRefusals(t.app, (of) => `/api/v2/${kind}/${of}/${list}/`, id, headers);
      }
    }
  });
});
