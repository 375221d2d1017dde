import {
  type DeviceGraphs,
  type DeviceProofTests,
  type GraphEvent,
  listSensors,
  type NotificationItem,
} from '@vigil/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignToSite, buildClient, buildSite, buildUser, TEST_PASSWORD } from '../../test/factories';
import { deviceWithTree, type SettingsDevice, superuserHeader } from '../../test/sensor-settings';
import { authHeader, buildTestApp, type TestApp } from '../../test/test-app';
import { deviceEvents } from '../db/tables/device-events.table';
import { deviceOwnerships } from '../db/tables/device-ownerships.table';
import { maintenanceRecords } from '../db/tables/maintenance.table';
import { notifications } from '../db/tables/notifications.table';
import { sensorReadings } from '../db/tables/sensor-readings.table';
import { stateRecords } from '../db/tables/state-records.table';
import { users } from '../db/tables/users.table';
import { findSensorKeysOfDevice } from '../modules/graphs/graphs.repo';
import { formatWallClock } from '../modules/telemetry/zoned-time';

/**
 * Issue 23 (docs/permissions.md 'Device history'): a device moved from client A to client B keeps its history,
 * but B's people see only what it recorded since the move; a super user sees all of it.
 */

const MINUTE = 60_000;

describe('the history of a device moved to another client', () => {
  let t: TestApp;
  let d: SettingsDevice;
  let managerB: string;
  let managerA: string;
  let siteAId: number;
  let superuser: string;
  /** When the device came to client B (set back 10 minutes so both periods lie within the last hour). */
  let movedAt: number;
  const before = () => new Date(movedAt - 5 * MINUTE);
  const after = () => new Date(movedAt + 5 * MINUTE);
  let recordBefore: number;
  let sensorId: string;
  /** A node sensor (proof tests cover those, not the system group). */
  let testedId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const siteA = await buildSite(t.db, await buildClient(t.db));
    siteAId = siteA.id;
    const siteB = await buildSite(t.db, await buildClient(t.db));
    d = await deviceWithTree(t.app, t.db, 'F500', siteA);
    superuser = await superuserHeader(t.app, t.db);
    const manager = await buildUser(t.db, { fullName: 'Manager of B' });
    await assignToSite(t.db, manager, siteB, 'Manager');
    // Joined long ago: the badge counts every notification since then.
    await t.db
      .update(users)
      .set({ dateJoined: new Date(Date.now() - 86_400_000) })
      .where(eq(users.id, manager.id));
    managerB = await authHeader(t.app, manager.email, TEST_PASSWORD);
    const formerManager = await buildUser(t.db, { fullName: 'Manager of A' });
    await assignToSite(t.db, formerManager, siteA, 'Manager');
    managerA = await authHeader(t.app, formerManager.email, TEST_PASSWORD);

    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/devices/${d.device.id}/`,
      headers: { authorization: superuser },
      payload: { location: siteB.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    movedAt = Math.floor((Date.now() - 10 * MINUTE) / MINUTE) * MINUTE;
    const open = and(eq(deviceOwnerships.deviceId, d.device.id), isNull(deviceOwnerships.until));
    const [period] = await t.db.select().from(deviceOwnerships).where(open);
    expect(period?.clientId).toBe(siteB.clientId);
    await t.db
      .update(deviceOwnerships)
      .set({ since: new Date(movedAt) })
      .where(open);

    const numeric = listSensors(d.tree).find((entry) => entry.sensor.Type === 'NUMERIC');
    sensorId = numeric?.fullId ?? '';
    testedId = listSensors(d.tree).find((entry) => entry.fullId.endsWith('.net1.n01.1'))?.fullId ?? '';
    const key = (await findSensorKeysOfDevice(t.db, d.device.id)).get(sensorId) as number;
    await t.db.insert(sensorReadings).values([
      { sensorKey: key, ts: before(), value: 11, status: 0, inAlarm: false },
      { sensorKey: key, ts: after(), value: 22, status: 0, inAlarm: false },
    ]);
    const [record] = await t.db
      .insert(stateRecords)
      .values([
        { deviceId: d.device.id, ts: before(), status: 'Alarm', tree: d.tree },
        { deviceId: d.device.id, ts: after(), status: 'OK', tree: d.tree },
      ])
      .returning();
    recordBefore = record?.id as number;
    await t.db.insert(deviceEvents).values([
      { deviceId: d.device.id, ts: before(), kind: 'alarm_on', sensorId, projectedAt: new Date() },
      { deviceId: d.device.id, ts: after(), kind: 'alarm_on', sensorId, projectedAt: new Date() },
    ]);
    // An event of A's time projected after the move lands at the device's new site with its own time.
    const row = { eventType: 'alarm_on' as const, locationId: siteB.id, deviceId: d.device.id, sensorId };
    await t.db.insert(notifications).values([
      { ...row, content: 'Before the move', dateCreated: before() },
      { ...row, content: 'After the move', dateCreated: after() },
      // Raised at A's site while the device was A's: A's own log keeps it.
      { ...row, locationId: siteA.id, content: "A's alarm", dateCreated: before(), isActive: true },
    ]);
    await t.db.insert(maintenanceRecords).values({
      testId: 1,
      deviceId: d.device.id,
      sensorId: testedId,
      sensorName: 'Tested by A',
      groupName: 'Group',
      eventType: 'maintanance_succeeded',
      maintenanceTime: before(),
      comment: "A's proof test",
    });
  });
  afterAll(async () => t.close());

  const get = (url: string, authorization: string) => t.app.inject({ url, headers: { authorization } });

  async function json<T>(url: string, authorization: string): Promise<T> {
    const response = await get(url, authorization);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }

  it('lists and opens only the snapshots recorded since the move', async () => {
    const from = encodeURIComponent(formatWallClock(new Date(movedAt - 30 * MINUTE), d.site.timezone));
    const url = `/api/v1/devices/${d.device.id}/historical/records/?timestamp=${from}`;
    const times = async (authorization: string) =>
      (await json<{ results: Array<{ record_id: number }> }>(url, authorization)).results.map(
        (item) => item.record_id,
      );
    expect(await times(managerB)).not.toContain(recordBefore);
    expect(await times(superuser)).toContain(recordBefore);
    const detail = `/api/v1/devices/${d.device.id}/historical/records/${recordBefore}/`;
    expect((await get(detail, managerB)).statusCode).toBe(404);
    expect((await get(detail, superuser)).statusCode).toBe(200);
  });

  it('draws graph points and live points only from the move on', async () => {
    const valuesOf = (graphs: DeviceGraphs) =>
      Object.values(graphs.graphs)
        .flatMap((graph) => graph.series)
        .filter((series) => series.sensor === sensorId)
        .flatMap((series) => series.data)
        .filter((point) => point[1] !== null)
        .map((point) => [point[0] < movedAt ? 'before' : 'after', point[1]]);
    const hour = `/api/v1/graphs/device/${d.device.id}/?timescale=hour`;
    // The tree sent through the ingest at the start added a point of B's time too.
    const ofB = valuesOf(await json<DeviceGraphs>(hour, managerB));
    expect(ofB).toContainEqual(['after', 22]);
    expect(ofB.filter(([when]) => when === 'before')).toEqual([]);
    expect(valuesOf(await json<DeviceGraphs>(hour, superuser))).toContainEqual(['before', 11]);
    const live = `/api/v1/graphs/device/${d.device.id}/live-update/?since=${movedAt - 20 * MINUTE}`;
    const liveOfB = valuesOf(await json<DeviceGraphs>(live, managerB));
    expect(liveOfB).toContainEqual(['after', 22]);
    expect(liveOfB.filter(([when]) => when === 'before')).toEqual([]);
    expect(valuesOf(await json<DeviceGraphs>(live, superuser))).toContainEqual(['before', 11]);
  });

  it("shows none of the earlier client's events on the time axis", async () => {
    const url = `/api/v1/graphs/device/${d.device.id}/events/`;
    const times = async (authorization: string) =>
      (await json<GraphEvent[]>(url, authorization)).map((event) => event.at);
    const ofB = await times(managerB);
    expect(ofB).toContain(after().getTime());
    expect(ofB.filter((at) => at < movedAt)).toEqual([]);
    expect(await times(superuser)).toContain(before().getTime());
  });

  it("lists, exports and counts none of the earlier client's notifications", async () => {
    const list = `/api/v1/notifications/?device=${d.device.id}`;
    // Beside the two seeded rows the log holds the move itself ('Device ... changed by ...').
    const contents = async (authorization: string) =>
      (await json<{ results: NotificationItem[] }>(list, authorization)).results
        .map((item) => item.content)
        .filter((content) => content.endsWith(' the move'));
    expect(await contents(managerB)).toEqual(['After the move']);
    expect(await contents(superuser)).toEqual(['After the move', 'Before the move']);
    const day = new Date(movedAt).toISOString().slice(0, 10);
    const csv = await get(`/api/v1/notifications/export/?date_created_from=${day}`, managerB);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('After the move');
    expect(csv.body).not.toContain('Before the move');
    // The badge does not count A's row: removing it changes nothing.
    const badge = () => json<number>('/api/v1/notifications/active-count/', managerB);
    const counted = await badge();
    expect(counted).toBeGreaterThan(0);
    await t.db.delete(notifications).where(eq(notifications.content, 'Before the move'));
    expect(await badge()).toBe(counted);
  });

  it("keeps the earlier client's own notifications in its site's log, to read and acknowledge", async () => {
    const list = await json<{ results: NotificationItem[] }>(
      `/api/v1/notifications/?location=${siteAId}`,
      managerA,
    );
    const own = list.results.find((item) => item.content === "A's alarm");
    expect(own).toBeDefined();
    const acknowledged = await t.app.inject({
      method: 'POST',
      url: `/api/v1/notifications/${own?.id}/acknowledge/`,
      headers: { authorization: managerA },
      payload: { comment: 'Seen before the hand-over' },
    });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
  });

  it("does not count the earlier client's proof test", async () => {
    const url = `/api/v1/devices/${d.device.id}/proof-tests/`;
    const lastTest = async (authorization: string) =>
      (await json<DeviceProofTests>(url, authorization)).sensors.find(
        (sensor) => sensor.sensor_id === testedId,
      )?.last_test?.comment ?? null;
    expect(await lastTest(managerB)).toBeNull();
    expect(await lastTest(superuser)).toBe("A's proof test");
  });
});
