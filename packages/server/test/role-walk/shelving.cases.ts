import { insertShelf } from '../../src/modules/shelving/shelving.repo';
import { buildDevice } from '../factories';
import { A, D, type RouteCase, type Row } from './cases';
import type { World } from './world';

/** Readers of site A1: staff, A's accounts management and A1's members. */
const READ_A1: Row = [A, A, A, A, A, A, D, D];
/** Editors of A1 shelve and unshelve: staff, A's accounts management, A1's managers and engineers. */
const EDIT_A1: Row = [A, A, A, A, A, D, D, D];

/** A fresh device at A1 with an active shelf of one of its sensors. */
async function shelfAtA1(w: World) {
  const device = await buildDevice(w.db, w.siteA1);
  const now = new Date();
  return insertShelf(w.db, {
    locationId: w.siteA1.id,
    deviceId: device.id,
    sensorId: '1.1.1.1',
    sensorName: 'Bearing 1',
    deviceTitle: device.title,
    reason: 'Role walk',
    shelvedAt: now,
    shelvedByName: 'Role Walk',
    until: new Date(now.getTime() + 60 * 60 * 1000),
  });
}

export const shelvingCases: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/v1/locations/{id}/shelved-sensors/',
    request: (w) => ({ url: `/api/v1/locations/${w.siteA1.id}/shelved-sensors/` }),
    expect: READ_A1,
  },
  {
    method: 'POST',
    route: '/api/v1/locations/{id}/shelved-sensors/',
    request: async (w) => ({
      url: `/api/v1/locations/${w.siteA1.id}/shelved-sensors/`,
      payload: {
        device: (await buildDevice(w.db, w.siteA1)).id,
        sensor_id: '1.1.1.1',
        reason: 'Role walk',
        minutes: 60,
      },
    }),
    expect: EDIT_A1,
  },
  {
    method: 'POST',
    route: '/api/v1/locations/{id}/shelved-sensors/{shelfId}/unshelve/',
    request: async (w) => ({
      url: `/api/v1/locations/${w.siteA1.id}/shelved-sensors/${(await shelfAtA1(w)).id}/unshelve/`,
    }),
    expect: EDIT_A1,
  },
];
