import { SHELVES_PER_SITE_MAX, SHELVING_MESSAGES, type Shelf } from '@vigil/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildClientUser, buildDevice, buildSite, TEST_PASSWORD } from '../../../test/factories';
import { listNotifications } from '../../../test/fixtures/notifications';
import { listShelves, postShelve, postUnshelve, shelve } from '../../../test/fixtures/shelving';
import { signedInAt } from '../../../test/maintenance';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';
import type { DeviceRow } from '../../db/tables/devices.table';
import { sensorShelves } from '../../db/tables/shelving.table';
import type { LocationRow } from '../../db/tables/sites.table';

const SENSOR = '1.2.3.4';
const HOUR = 60 * 60 * 1000;

/** locations/{id}/shelved-sensors/: readers list, the site's editors shelve and unshelve (docs/shelving.md). */
describe('shelving calls', () => {
  let t: TestApp;
  let site: LocationRow;
  let device: DeviceRow;
  let foreignDevice: DeviceRow;
  let engineer: string;
  let manager: string;
  let reader: string;
  let accountsManagement: string;
  let foreignManager: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const client = await buildClient(t.db);
    site = await buildSite(t.db, client);
    device = await buildDevice(t.db, site, { title: 'Leg 2 F500' });
    engineer = (await signedInAt(t.app, t.db, site, 'Engineer')).authorization;
    manager = (await signedInAt(t.app, t.db, site, 'Manager')).authorization;
    reader = (await signedInAt(t.app, t.db, site, 'User')).authorization;
    const administrator = await buildClientUser(t.db, client, { roles: { isAccountsManagement: true } });
    accountsManagement = await authHeader(t.app, administrator.email, TEST_PASSWORD);
    const otherSite = await buildSite(t.db, await buildClient(t.db));
    foreignDevice = await buildDevice(t.db, otherSite);
    foreignManager = (await signedInAt(t.app, t.db, otherSite, 'Manager')).authorization;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists no shelved sensors at first, and tells a reader they may not edit', async () => {
    const list = await listShelves(t.app, reader, site.id);
    expect(list).toEqual({
      location: site.id,
      timezone: site.timezone,
      can_edit: false,
      count: 0,
      results: [],
    });
    expect((await listShelves(t.app, engineer, site.id)).can_edit).toBe(true);
  });

  it('shelves a sensor for an engineer, with the reason trimmed, and every reader lists it', async () => {
    const before = Date.now();
    const shelf = await shelve(t.app, engineer, site.id, {
      device: device.id,
      sensor_id: SENSOR,
      reason: '  Hot work on leg 2  ',
      minutes: 240,
    });
    expect(shelf).toMatchObject({
      location: site.id,
      device: { id: device.id, title: 'Leg 2 F500' },
      sensor_id: SENSOR,
      reason: 'Hot work on leg 2',
      shelved_by: 'Engineer Person',
      active: true,
      unshelved_at: null,
      how: null,
    });
    expect(Date.parse(shelf.until) - before).toBeGreaterThanOrEqual(4 * HOUR - 1000);
    expect(Date.parse(shelf.until) - before).toBeLessThan(4 * HOUR + 60_000);
    const list = await listShelves(t.app, reader, site.id);
    expect(list.results.map((row) => row.id)).toEqual([shelf.id]);

    // The log tells the site: an administration notice naming the sensor, the end, who and why.
    const log = await listNotifications(
      t.app,
      reader,
      `?location=${site.id}&event_type=device_administration`,
    );
    expect(log.results[0]?.content).toMatch(
      /^Alarms of .+ on Leg 2 F500 shelved until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \S+ by Engineer Person: Hot work on leg 2$/,
    );
    expect(log.results[0]?.value).toBe('shelved');
  });

  it('replaces the active shelf of the same sensor: one active shelf per sensor, the old one ended replaced', async () => {
    const until = new Date(Date.now() + 8 * HOUR).toISOString();
    const second = await shelve(t.app, manager, site.id, {
      device: device.id,
      sensor_id: SENSOR,
      reason: 'Extended: the permit runs to the night shift',
      until,
    });
    expect(second.until).toBe(until);
    const list = await listShelves(t.app, reader, site.id);
    expect(list.results.map((row) => [row.id, row.shelved_by, row.reason])).toEqual([
      [second.id, 'Manager Person', 'Extended: the permit runs to the night shift'],
    ]);
  });

  it('unshelves by hand for an editor, logs it, and answers 400 for a shelf already ended', async () => {
    const [shelf] = (await listShelves(t.app, reader, site.id)).results;
    const denied = await postUnshelve(t.app, reader, site.id, shelf?.id ?? 0);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ detail: SHELVING_MESSAGES.noPermission });

    const response = await postUnshelve(t.app, accountsManagement, site.id, shelf?.id ?? 0);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Shelf>()).toMatchObject({ active: false, how: 'by-hand' });
    expect((await listShelves(t.app, reader, site.id)).count).toBe(0);
    const again = await postUnshelve(t.app, engineer, site.id, shelf?.id ?? 0);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ non_field_errors: [SHELVING_MESSAGES.notActive] });

    const log = await listNotifications(
      t.app,
      reader,
      `?location=${site.id}&event_type=device_administration`,
    );
    expect(log.results[0]?.content).toMatch(/ on Leg 2 F500 unshelved by \S.*$/);
    expect(log.results[0]?.value).toBe('unshelved');
  });

  it.each([
    [{ reason: '   ' }, 'reason', SHELVING_MESSAGES.reasonRequired],
    [{ reason: 'x'.repeat(501) }, 'reason', SHELVING_MESSAGES.reasonTooLong],
    [{ minutes: 4 }, 'minutes', SHELVING_MESSAGES.minutesRange],
    [{ minutes: 1441 }, 'minutes', SHELVING_MESSAGES.minutesRange],
    [{ minutes: undefined }, 'until', SHELVING_MESSAGES.whenRequired],
    [{ until: new Date(Date.now() + HOUR).toISOString() }, 'until', SHELVING_MESSAGES.whenRequired],
    [{ minutes: undefined, until: 'tomorrow' }, 'until', SHELVING_MESSAGES.untilInvalid],
    [
      { minutes: undefined, until: new Date(Date.now() + 25 * HOUR).toISOString() },
      'until',
      SHELVING_MESSAGES.untilTooLate,
    ],
    [
      { minutes: undefined, until: new Date(Date.now() + 60_000).toISOString() },
      'until',
      SHELVING_MESSAGES.untilTooSoon,
    ],
    [{ sensor_id: 'a b' }, 'sensor_id', SHELVING_MESSAGES.sensorRequired],
  ])('answers 400 for %j', async (change, field, message) => {
    const response = await postShelve(t.app, engineer, site.id, {
      device: device.id,
      sensor_id: SENSOR,
      reason: 'Calibration',
      minutes: 60,
      ...change,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()[field]).toEqual([message]);
  });

  it("answers 400 for another site's device", async () => {
    const response = await postShelve(t.app, engineer, site.id, {
      device: foreignDevice.id,
      sensor_id: SENSOR,
      reason: 'Calibration',
      minutes: 60,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ device: [SHELVING_MESSAGES.deviceNotAtSite] });
  });

  it('answers 403 to a user of the site who shelves', async () => {
    const response = await postShelve(t.app, reader, site.id, {
      device: device.id,
      sensor_id: SENSOR,
      reason: 'Calibration',
      minutes: 60,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: SHELVING_MESSAGES.noPermission });
  });

  it("answers 404 to another tenant's manager for every call", async () => {
    const shelf = await shelve(t.app, engineer, site.id, { device: device.id, sensor_id: '1.2.3.5' });
    const listed = await t.app.inject({
      url: `/api/v1/locations/${site.id}/shelved-sensors/`,
      headers: { authorization: foreignManager },
    });
    expect(listed.statusCode).toBe(404);
    const shelved = await postShelve(t.app, foreignManager, site.id, {
      device: device.id,
      sensor_id: SENSOR,
      reason: 'Calibration',
      minutes: 60,
    });
    expect(shelved.statusCode).toBe(404);
    expect((await postUnshelve(t.app, foreignManager, site.id, shelf.id)).statusCode).toBe(404);
    // A shelf of this site asked under another site's id is not found either.
    expect((await postUnshelve(t.app, foreignManager, foreignDevice.locationId, shelf.id)).statusCode).toBe(
      404,
    );
  });

  it('holds at most 500 active shelves a site; shelving one of them again still replaces it', async () => {
    const crowded = await buildSite(t.db, await buildClient(t.db));
    const crowdedDevice = await buildDevice(t.db, crowded);
    const editor = (await signedInAt(t.app, t.db, crowded, 'Engineer')).authorization;
    const now = Date.now();
    await t.db.insert(sensorShelves).values(
      Array.from({ length: SHELVES_PER_SITE_MAX }, (_, index) => ({
        locationId: crowded.id,
        deviceId: crowdedDevice.id,
        sensorId: `1.1.${index}`,
        sensorName: `Sensor ${index}`,
        deviceTitle: crowdedDevice.title,
        reason: 'Outage',
        shelvedAt: new Date(now),
        shelvedByName: 'Engineer Person',
        until: new Date(now + HOUR),
      })),
    );
    const body = { device: crowdedDevice.id, reason: 'One more', minutes: 60 };
    const refused = await postShelve(t.app, editor, crowded.id, { ...body, sensor_id: '1.2.0' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: [SHELVING_MESSAGES.tooManyShelves] });
    const replaced = await postShelve(t.app, editor, crowded.id, { ...body, sensor_id: '1.1.7' });
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect((await listShelves(t.app, editor, crowded.id)).count).toBe(SHELVES_PER_SITE_MAX);
    const rows = await t.db
      .select()
      .from(sensorShelves)
      .where(eq(sensorShelves.sensorId, '1.1.7'))
      .orderBy(asc(sensorShelves.id));
    expect(rows.map((row) => [row.reason, row.unshelveHow, row.unshelvedByName])).toEqual([
      ['Outage', 'replaced', 'Engineer Person'],
      ['One more', null, null],
    ]);
  });
});
