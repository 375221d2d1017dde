import type { NotificationItem, NotificationPage } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  postTree,
  provisionTypedDevice,
  signedInAt,
  testableSensorOf,
  treeWith,
} from '../../../test/maintenance';
import type { Database } from '../../db/database';
import type { LocationRow } from '../../db/tables/sites.table';

/** Notifications test helpers: an F500 whose sensor the test puts into alarm and clears, and the log's calls. */

export async function alarmingDevice(app: FastifyInstance, db: Database, site?: LocationRow) {
  const d = await provisionTypedDevice(db, 'F500', site);
  const sensor = testableSensorOf(d.identity);
  let tick = 0;
  const post = async (condition: 'alarm' | 'clear' | 'lost') => {
    tick += 1;
    expect(await postTree(app, d.identity, treeWith(d.identity, sensor.fullId, condition, tick))).toBe(202);
  };
  const manager = await signedInAt(app, db, d.site, 'Manager');
  return { ...d, sensor, post, manager };
}

export async function listNotifications(
  app: FastifyInstance,
  authorization: string,
  query = '',
): Promise<NotificationPage> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/notifications/${query}`,
    headers: { authorization },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationPage>();
}

/** The types of a page, oldest first (as they happened). */
export const typesOf = (items: readonly NotificationItem[]) => items.map((item) => item.event_type).reverse();
