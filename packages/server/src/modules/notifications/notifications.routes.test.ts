import {
  alertsCountText,
  NOTIFICATIONS_COUNT_CAP,
  NOTIFICATIONS_MESSAGES,
  NotificationItemSchema,
} from '@vigil/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignToSite, buildClient, buildSite, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { alarmingDevice, listNotifications, typesOf } from '../../../test/fixtures/notifications';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';
import { notifications } from '../../db/tables/notifications.table';
import { locationMemberships } from '../../db/tables/sites.table';

describe('notifications/', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST', url: string, authorization: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/notifications/${url}`, headers: { authorization }, payload });

  it('turns an alarm and its clearing into an active notification, then a closed one with a duration', async () => {
    const d = await alarmingDevice(t.app, t.db);
    await d.post('clear');
    await d.post('alarm');
    await t.app.notificationProjector.drain();
    const { authorization } = d.manager;

    const active = await listNotifications(t.app, authorization, '?is_active=true');
    expect(active.count).toBe(1);
    const [on] = active.results;
    expect(on).toMatchObject({
      event_type: 'alarm_on',
      event_label: 'Alarm Detected',
      is_active: true,
      duration: null,
      full_sensor_id: d.sensor.fullId,
      sensor_name: d.sensor.name,
      location: { id: d.site.id, title: d.site.title },
      // The web shows each row in its own site's zone, labelled (issue 23).
      timezone: d.site.timezone,
      device: { id: d.device.id, title: d.device.title, udf_id: d.device.udfId },
      color: '#F14D49',
    });
    expect(on?.content).toContain(d.sensor.name);

    await d.post('clear');
    await t.app.notificationProjector.drain();
    const all = await listNotifications(t.app, authorization, `?device=${d.device.id}`);
    expect(typesOf(all.results)).toEqual(['device_online', 'alarm_on', 'alarm_off']);
    const [off, closed] = all.results;
    expect(off?.forebear_pk).toBe(closed?.id);
    expect(closed).toMatchObject({ is_active: false, date_cleared: off?.date_created });
    expect(closed?.duration).toMatch(/^0 day\(s\), 0:00:\d\d$/);
    expect((await listNotifications(t.app, authorization, '?is_active=true')).count).toBe(0);
    // Every item carries the contract's fields.
    for (const item of all.results) {
      NotificationItemSchema.parse(item);
    }
  });

  it('filters by type, search and date range, and pages 25 at a time with next and previous links', async () => {
    const d = await alarmingDevice(t.app, t.db);
    for (let i = 0; i < 14; i += 1) {
      await d.post('alarm');
      await d.post('clear');
    }
    await t.app.notificationProjector.drain();
    const { authorization } = d.manager;
    const ons = await listNotifications(t.app, authorization, '?event_type=alarm_on&limit=25');
    expect(ons.count).toBe(14);
    const page = await listNotifications(t.app, authorization, '?limit=25');
    expect(page.count).toBe(29);
    expect(page.results).toHaveLength(25);
    expect(page.next).toContain('offset=25');
    const second = await listNotifications(t.app, authorization, '?limit=25&offset=25');
    expect(second.results).toHaveLength(4);
    expect(second.previous).not.toBeNull();
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await listNotifications(t.app, authorization, `?date_created_from=${today}&date_created_to=${today}`))
        .count,
    ).toBe(29);
    expect((await listNotifications(t.app, authorization, '?date_created_to=2020-01-01')).count).toBe(0);
    expect(
      (await listNotifications(t.app, authorization, `?search=${encodeURIComponent(d.sensor.name)}`)).count,
    ).toBe(28);
    expect((await listNotifications(t.app, authorization, '?search=%25_nothing%25')).count).toBe(0);
  });

  it('refuses a bad type, ordering, date or a range over 30 days with a clear message', async () => {
    const d = await alarmingDevice(t.app, t.db);
    const { authorization } = d.manager;
    const cases: Array<[string, string]> = [
      ['?event_type=fire', NOTIFICATIONS_MESSAGES.typeInvalid],
      ['?ordering=password', NOTIFICATIONS_MESSAGES.orderingInvalid],
      ['?date_created_from=yesterday', NOTIFICATIONS_MESSAGES.dateInvalid],
      ['?date_created_from=2026-01-01&date_created_to=2026-03-01', NOTIFICATIONS_MESSAGES.rangeTooLong],
      ['?date_created_from=2026-03-01&date_created_to=2026-01-01', NOTIFICATIONS_MESSAGES.rangeInverted],
      ['?limit=0', ''],
    ];
    for (const [query, message] of cases) {
      const response = await call('GET', query, authorization);
      expect(response.statusCode, query).toBe(400);
      expect(response.body).toContain(message);
    }
  });

  it('exports notifications.csv only with a date bound, streamed with the rows of the filter', async () => {
    const d = await alarmingDevice(t.app, t.db);
    await d.post('alarm');
    await t.app.notificationProjector.drain();
    const { authorization } = d.manager;
    const refused = await call('GET', `export/?device=${d.device.id}`, authorization);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: [NOTIFICATIONS_MESSAGES.exportWithoutDate] });

    const today = new Date().toISOString().slice(0, 10);
    const file = await call('GET', `export/?device=${d.device.id}&date_created_from=${today}`, authorization);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toBe('attachment; filename="notifications.csv"');
    // UTF-8 with a byte order mark, so spreadsheets read names in any script.
    expect([...file.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,time,time_zone,timestamp,site,device,sensor,sensor_id,type,content,value,active,duration,acknowledged_by',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Alarm Detected');
    expect(lines[1]).toContain(',On,');
  });

  it("writes each exported row's time on its own site's clock with that zone named", async () => {
    const client = await buildClient(t.db);
    const berlin = await buildSite(t.db, client, { timezone: 'Europe/Berlin' });
    const kolkata = await buildSite(t.db, client, { timezone: 'Asia/Kolkata' });
    const reader = await buildUser(t.db);
    await assignToSite(t.db, reader, berlin, 'User');
    await assignToSite(t.db, reader, kolkata, 'User');
    const winter = new Date(Date.UTC(2026, 0, 15, 9, 30, 0));
    const summer = new Date(Date.UTC(2026, 6, 15, 9, 30, 0));
    const row = { eventType: 'power_up' as const, content: 'Powered up', dispatchedAt: new Date() };
    await t.db.insert(notifications).values([
      { ...row, locationId: berlin.id, dateCreated: winter },
      { ...row, locationId: berlin.id, dateCreated: summer },
      { ...row, locationId: kolkata.id, dateCreated: summer },
    ]);
    const authorization = await authHeader(t.app, reader.email, TEST_PASSWORD);

    const file = await call('GET', 'export/?date_created_from=2026-07-01', authorization);
    expect(file.statusCode).toBe(200);
    const summerRows = file.body.trim().split('\r\n').slice(1);
    const seconds = String(summer.getTime() / 1000);
    // The same instant, on each site's clock, with each site's zone.
    expect(summerRows.map((line) => line.split(',').slice(1, 5))).toHaveLength(2);
    expect(summerRows.map((line) => line.split(',').slice(1, 5))).toEqual(
      expect.arrayContaining([
        ['2026-07-15 11:30:00', 'CEST', seconds, berlin.title],
        ['2026-07-15 15:00:00', 'Asia/Kolkata', seconds, kolkata.title],
      ]),
    );
    const winterFile = await call(
      'GET',
      `export/?location=${berlin.id}&date_created_to=2026-01-20`,
      authorization,
    );
    const [, winterRow] = winterFile.body.trim().split('\r\n');
    expect(winterRow?.split(',').slice(1, 3)).toEqual(['2026-01-15 10:30:00', 'CET']);
  });

  it('counts unread notifications for the badge until the person opens the log', async () => {
    const d = await alarmingDevice(t.app, t.db);
    await d.post('alarm');
    await t.app.notificationProjector.drain();
    const { authorization } = d.manager;
    const count = async () => (await call('GET', 'active-count/', authorization)).json<number>();
    expect(await count()).toBe(2);
    expect((await call('POST', 'read/', authorization)).statusCode).toBe(204);
    expect(await count()).toBe(0);
    await d.post('clear');
    await t.app.notificationProjector.drain();
    expect(await count()).toBe(1);
  });

  it('acknowledges an active alarm once, lists unacknowledged alarms first, refuses anything else', async () => {
    const d = await alarmingDevice(t.app, t.db);
    await d.post('alarm');
    await t.app.notificationProjector.drain();
    const { authorization } = d.manager;
    const [alarm] = (await listNotifications(t.app, authorization, `?is_active=true&device=${d.device.id}`))
      .results;
    const done = await call('POST', `${alarm?.id}/acknowledge/`, authorization, {
      comment: 'Checked on site',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().acknowledged).toMatchObject({ by: 'Manager Person', comment: 'Checked on site' });
    const again = await call('POST', `${alarm?.id}/acknowledge/`, authorization, {});
    expect(again.json()).toEqual({ non_field_errors: [NOTIFICATIONS_MESSAGES.alreadyAcknowledged] });
    const online = (
      await listNotifications(t.app, authorization, `?event_type=device_online&device=${d.device.id}`)
    ).results[0];
    const notAlarm = await call('POST', `${online?.id}/acknowledge/`, authorization, {});
    expect(notAlarm.statusCode).toBe(400);
    expect(notAlarm.json()).toEqual({ non_field_errors: [NOTIFICATIONS_MESSAGES.notAlarm] });
    const long = await call('POST', `${alarm?.id}/acknowledge/`, authorization, { comment: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);

    // A newer alarm of the site that nobody acknowledged comes first either way; the check is that the
    // acknowledged one is last.
    const other = await alarmingDevice(t.app, t.db, d.site);
    await other.post('alarm');
    await t.app.notificationProjector.drain();
    const active = await listNotifications(t.app, authorization, `?is_active=true&location=${d.site.id}`);
    expect(active.results.map((item) => item.acknowledged === null)).toEqual([true, false]);
  });

  it('shows a person only the sites they may see: foreign filters and ids answer 404', async () => {
    const d = await alarmingDevice(t.app, t.db);
    await d.post('alarm');
    await t.app.notificationProjector.drain();
    const [alarm] = (
      await listNotifications(t.app, d.manager.authorization, `?is_active=true&device=${d.device.id}`)
    ).results;

    const stranger = await buildUser(t.db);
    await assignToSite(t.db, stranger, await buildSite(t.db, await buildClient(t.db)), 'Manager');
    const foreign = await authHeader(t.app, stranger.email, TEST_PASSWORD);
    const seen = await listNotifications(t.app, foreign, '?limit=1000');
    expect(seen.results.some((item) => item.location.id === d.site.id)).toBe(false);
    expect((await call('GET', `?device=${d.device.id}`, foreign)).statusCode).toBe(404);
    expect((await call('GET', `?location=${d.site.id}`, foreign)).statusCode).toBe(404);
    expect(
      (await call('GET', `export/?location=${d.site.id}&date_created_from=2026-01-01`, foreign)).statusCode,
    ).toBe(404);
    expect((await call('POST', `${alarm?.id}/acknowledge/`, foreign, {})).statusCode).toBe(404);
    expect((await call('POST', '999999999/acknowledge/', foreign, {})).statusCode).toBe(404);

    // A member whose access was withdrawn sees nothing of the site either.
    const withdrawn = await buildUser(t.db);
    await assignToSite(t.db, withdrawn, d.site, 'User');
    await t.db
      .update(locationMemberships)
      .set({ hasAccess: false })
      .where(eq(locationMemberships.userId, withdrawn.id));
    const header = await authHeader(t.app, withdrawn.email, TEST_PASSWORD);
    expect((await listNotifications(t.app, header)).count).toBe(0);
    expect((await call('GET', 'active-count/', header)).json()).toBe(0);
  });

  it('counts a list exactly up to the cap, and at the cap beyond it', async () => {
    const d = await alarmingDevice(t.app, t.db);
    await t.db.execute(sql`insert into notifications (event_type, location_id, content, date_created, dispatched_at)
      select 'power_up', ${d.site.id}, 'Powered up', now() - make_interval(secs => n), now()
      from generate_series(1, ${NOTIFICATIONS_COUNT_CAP + 50}) as n`);
    const page = await listNotifications(t.app, d.manager.authorization, `?location=${d.site.id}&limit=25`);
    expect(page.count).toBe(NOTIFICATIONS_COUNT_CAP);
    expect(page.results).toHaveLength(25);
    expect(alertsCountText(page.count)).toBe('10000+ alerts');
    const few = await listNotifications(
      t.app,
      d.manager.authorization,
      `?location=${d.site.id}&event_type=alarm_on`,
    );
    expect(alertsCountText(few.count)).toBe('0 alerts');
  });

  it('answers 401 without a session', async () => {
    for (const url of ['', 'active-count/', 'export/?date_created_from=2026-01-01']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/notifications/${url}` })).statusCode).toBe(
        401,
      );
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/notifications/read/' })).statusCode).toBe(401);
  });
});
