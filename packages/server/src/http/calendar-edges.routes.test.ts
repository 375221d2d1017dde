import { TIME_MESSAGES } from '@vigil/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceWithTree, headerAt, type SettingsDevice, superuserHeader } from '../../test/sensor-settings';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { locations } from '../db/tables/sites.table';

/**
 * Issue 23: dates at the edge of the calendar answer 400 with the range message on every route that reads a
 * date, never a 500 or a stream cut short (contracts time-bounds.ts, one shared bound).
 */

/** 10000-01-01T00:00:00Z: beyond what ISO-8601 text and PostgreSQL's input read back. */
const YEAR_10000_MS = 253_402_300_800_000;
const DAY_MS = 86_400_000;

describe('dates at the edge of the calendar', () => {
  let t: TestApp;
  let d: SettingsDevice;
  let manager: string;
  let superuser: string;

  beforeAll(async () => {
    t = await buildTestApp();
    d = await deviceWithTree(t.app, t.db, 'F500');
    // West of UTC: 9999-12-31 23:59 on the site's clock is already year 10000 in UTC.
    await t.db.update(locations).set({ timezone: 'America/Chicago' }).where(eq(locations.id, d.site.id));
    manager = await headerAt(t.app, t.db, d.site, 'Manager');
    superuser = await superuserHeader(t.app, t.db);
  });
  afterAll(async () => t.close());

  async function refused(url: string, field: string, authorization = manager): Promise<void> {
    const response = await t.app.inject({ url, headers: { authorization } });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ [field]: [TIME_MESSAGES.outOfRange] });
  }

  it('refuses a historical graph at 9999-12-31 23:59', async () => {
    await refused(
      `/api/v1/graphs/device/${d.device.id}/?timestamp=${encodeURIComponent('9999-12-31 23:59:00')}`,
      'timestamp',
    );
  });

  it('refuses historical records at 9999-12-31 23:59 and before 1970', async () => {
    const base = `/api/v1/devices/${d.device.id}/historical/records/?timestamp=`;
    await refused(`${base}${encodeURIComponent('9999-12-31 23:59:00')}`, 'timestamp');
    await refused(`${base}${encodeURIComponent('0001-01-01 00:00:00')}`, 'timestamp');
  });

  it('refuses graph and events ranges beyond the year 9999', async () => {
    const from = YEAR_10000_MS - 2 * DAY_MS;
    const to = YEAR_10000_MS;
    await refused(`/api/v1/graphs/device/${d.device.id}/?from=${from}&to=${to}`, 'to');
    await refused(`/api/v1/graphs/device/${d.device.id}/events/?from=${from}&to=${to}`, 'to');
    await refused(`/api/v1/graphs/device/${d.device.id}/events/?to=${to}`, 'to');
  });

  it('refuses notification exports and lists that start or end off the calendar', async () => {
    await refused('/api/v1/notifications/export/?date_created_from=9999-12-31', 'date_created_from');
    await refused('/api/v1/notifications/export/?date_created_to=0001-01-05', 'date_created_to');
    await refused('/api/v1/notifications/?date_created_to=0001-01-05', 'date_created_to');
    await refused(
      `/api/v1/notifications/export/?date_created_from=${encodeURIComponent('9999-12-31T20:00:00-08:00')}`,
      'date_created_from',
    );
  });

  it('exports the last days of the calendar as a whole CSV', async () => {
    const response = await t.app.inject({
      url: '/api/v1/notifications/export/?date_created_from=9999-12-30',
      headers: { authorization: manager },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body.split('\n')[0]).not.toBe('');
  });

  it('refuses analytics ranges ending 31 Dec 9999 and answers those ending 30 Dec 9999', async () => {
    const base = `/api/v1/analytics/${d.device.id}/alarm-sensor/`;
    await refused(`${base}?start=1%20Dec%209999&end=31%20Dec%209999`, 'end', superuser);
    const last = await t.app.inject({
      url: `${base}?start=1%20Dec%209999&end=30%20Dec%209999`,
      headers: { authorization: superuser },
    });
    expect(last.statusCode, last.body).toBe(200);
  });
});
