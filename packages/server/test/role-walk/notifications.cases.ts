import { notifications } from '../../src/db/tables/notifications.table';
import { buildDevice } from '../factories';
import { A, D, EVERY_SIGNED_IN, type RouteCase, type Row } from './cases';
import type { World } from './world';

/** Readers of site A1: staff, A's accounts management and A1's members. */
const READ_A1: Row = [A, A, A, A, A, A, D, D];

/** An active alarm of a device at A1, not acknowledged: a fresh one for each role. */
async function activeAlarmAtA1(w: World): Promise<number> {
  const device = await buildDevice(w.db, w.siteA1);
  const [row] = await w.db
    .insert(notifications)
    .values({
      eventType: 'alarm_on',
      locationId: w.siteA1.id,
      deviceId: device.id,
      deviceTitle: device.title,
      sensorId: 'T.g.1',
      sensorName: 'Bearing',
      content: 'Alarm Detected on Bearing',
      isActive: true,
      dateCreated: new Date(),
      dispatchedAt: new Date(),
    })
    .returning({ id: notifications.id });
  return row?.id ?? 0;
}

const today = () => new Date().toISOString().slice(0, 10);

/** M section 6 editors at A1: staff, accounts management, Manager and Engineer. */
const EDIT_A1: Row = [A, A, A, A, A, D, D, D];

export const notificationsCases: RouteCase[] = [
  {
    method: 'POST',
    route: '/api/v1/devices/{id}/test-notification/',
    request: async (w) => ({
      url: `/api/v1/devices/${(await buildDevice(w.db, w.siteA1)).id}/test-notification/`,
    }),
    expect: EDIT_A1,
  },
  // Everyone signed in reads their own log (the sites they see); a site filter is checked like the site.
  {
    method: 'GET',
    route: '/api/v1/notifications/',
    request: () => ({ url: '/api/v1/notifications/' }),
    expect: EVERY_SIGNED_IN,
  },
  {
    method: 'GET',
    route: '/api/v1/notifications/',
    target: 'site A1 filter',
    request: (w) => ({ url: `/api/v1/notifications/?location=${w.siteA1.id}` }),
    expect: READ_A1,
  },
  {
    method: 'GET',
    route: '/api/v1/notifications/active-count/',
    request: () => ({ url: '/api/v1/notifications/active-count/' }),
    expect: EVERY_SIGNED_IN,
  },
  {
    method: 'POST',
    route: '/api/v1/notifications/read/',
    request: () => ({ url: '/api/v1/notifications/read/' }),
    expect: EVERY_SIGNED_IN,
  },
  {
    method: 'GET',
    route: '/api/v1/notifications/export/',
    request: (w) => ({
      url: `/api/v1/notifications/export/?location=${w.siteA1.id}&date_created_from=${today()}`,
    }),
    expect: READ_A1,
  },
  {
    method: 'POST',
    route: '/api/v1/notifications/{id}/acknowledge/',
    request: async (w) => ({
      url: `/api/v1/notifications/${await activeAlarmAtA1(w)}/acknowledge/`,
      payload: { comment: 'Seen' },
    }),
    expect: READ_A1,
  },
];
