import type { NotificationOrdering } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildDevice, buildSite } from '../../../test/factories';
import { openTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle } from '../../db/database';
import { notifications } from '../../db/tables/notifications.table';
import { findNotifications, type NotificationFilter } from './notifications.repo';

/**
 * findNotifications picks a page's ids first and reads their rows after: the pages must still follow one another
 * in the list's order for every ordering, with ties in time, a search and the sites a reader sees.
 */
describe('pages of the notifications log', () => {
  let handle: DatabaseHandle;
  let filter: NotificationFilter;

  beforeAll(async () => {
    handle = await openTestDatabase();
    const { db } = handle;
    const client = await buildClient(db);
    const beta = await buildSite(db, client, { title: 'Beta Works' });
    const alpha = await buildSite(db, client, { title: 'Alpha Plant' });
    const devices = [await buildDevice(db, beta), await buildDevice(db, alpha)];
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 8, minute));
    const types = ['alarm_on', 'alarm_off', 'warning_on', 'device_offline'] as const;
    await db.insert(notifications).values(
      Array.from({ length: 23 }, (_, i) => {
        const device = devices[i % 2] as (typeof devices)[number];
        return {
          eventType: types[i % types.length] as (typeof types)[number],
          locationId: device.locationId,
          deviceId: device.id,
          deviceTitle: `Detector ${(i * 7) % 5}`,
          content: i % 3 === 0 ? `Gas detector ${i}: Alarm Detected` : `Power ${i}`,
          isActive: i % 4 === 0,
          // Three rows a minute: ties in time are ordered by id.
          dateCreated: at(Math.floor(i / 3)),
        };
      }),
    );
    filter = { siteIds: [beta.id, alpha.id] };
  });
  afterAll(async () => handle.close());

  const pagesOf = async (
    of: NotificationFilter,
    ordering?: NotificationOrdering,
    unacknowledgedFirst = false,
  ) => {
    const whole = await findNotifications(handle.db, of, {
      ordering,
      unacknowledgedFirst,
      limit: 1000,
      offset: 0,
    });
    const paged = [];
    for (let offset = 0; offset < whole.count; offset += 5) {
      const page = await findNotifications(handle.db, of, {
        ordering,
        unacknowledgedFirst,
        limit: 5,
        offset,
      });
      expect(page.count).toBe(whole.count);
      paged.push(...page.rows.map((row) => row.id));
    }
    return { whole: whole.rows, paged };
  };

  it('pages newest first, ties by id, each page after the one before', async () => {
    const { whole, paged } = await pagesOf(filter);
    expect(whole).toHaveLength(23);
    expect(paged).toEqual(whole.map((row) => row.id));
    const sorted = [...whole].sort(
      (a, b) => b.dateCreated.getTime() - a.dateCreated.getTime() || b.id - a.id,
    );
    expect(whole.map((row) => row.id)).toEqual(sorted.map((row) => row.id));
    expect(whole[0]).toMatchObject({ locationTitle: expect.any(String), udfId: expect.any(String) });
  });

  it.each<NotificationOrdering>(['location', '-location', 'event_type', '-device', 'date_created'])(
    'keeps the order %s across pages',
    async (ordering) => {
      const { whole, paged } = await pagesOf(filter, ordering);
      expect(paged).toEqual(whole.map((row) => row.id));
    },
  );

  it('keeps the order by site title across pages', async () => {
    const { whole } = await pagesOf(filter, 'location');
    const titles = whole.map((row) => row.locationTitle);
    expect(titles).toEqual([...titles].sort());
  });

  it('pages a search, the active alarms first, and only the sites given', async () => {
    const search = await pagesOf({ ...filter, search: 'gas detector' });
    expect(search.whole).toHaveLength(8);
    expect(search.paged).toEqual(search.whole.map((row) => row.id));
    const bySite = await pagesOf({ ...filter, search: 'alpha' });
    expect(bySite.whole.every((row) => row.locationTitle === 'Alpha Plant')).toBe(true);
    const active = await pagesOf({ ...filter, isActive: true }, undefined, true);
    expect(active.paged).toEqual(active.whole.map((row) => row.id));
    const oneSite = await pagesOf({ siteIds: [filter.siteIds?.[1] as number] });
    expect(oneSite.whole).toHaveLength(11);
    expect(oneSite.paged).toEqual(oneSite.whole.map((row) => row.id));
    expect(
      (
        await findNotifications(
          handle.db,
          { siteIds: [] },
          { unacknowledgedFirst: false, limit: 5, offset: 0 },
        )
      ).rows,
    ).toEqual([]);
  });
});
