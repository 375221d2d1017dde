import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildSite } from '../../../test/factories';
import { openTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle } from '../../db/database';
import { notifications } from '../../db/tables/notifications.table';
import { pruneNotifications } from './notifications-retention';

describe('notifications retention', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => handle.close());

  it('removes closed notifications older than the retention and keeps what is still active', async () => {
    const { db } = handle;
    const site = await buildSite(db, await buildClient(db));
    const now = new Date('2026-11-24T12:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const row = (dateCreated: Date, isActive: boolean) => ({
      eventType: 'alarm_on' as const,
      locationId: site.id,
      content: 'Alarm Detected',
      isActive,
      dateCreated,
    });
    await db
      .insert(notifications)
      .values([row(daysAgo(500), false), row(daysAgo(450), true), row(daysAgo(10), false)]);

    expect(await pruneNotifications(db, 400, now)).toBe(1);
    const left = await db
      .select()
      .from(notifications)
      .where(eq(notifications.locationId, site.id))
      .orderBy(notifications.dateCreated);
    expect(left.map((item) => [item.dateCreated, item.isActive])).toEqual([
      [daysAgo(450), true],
      [daysAgo(10), false],
    ]);
  });
});
