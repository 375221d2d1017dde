import { listSensors, type StateTree } from '@vigil/contracts';
import { upsertDeviceStates } from '../../src/modules/telemetry/telemetry.repo';
import { buildDevice } from '../factories';
import { treeOf } from '../telemetry';
import { A, D, type RouteCase, type Row } from './cases';
import type { World } from './world';

/** Readers of a device at A1: staff, A's accounts management and A1's members. */
const READ_A1: Row = [A, A, A, A, A, A, D, D];
/** M section 6 editors at A1: staff, accounts management, Manager and Engineer. */
const EDIT_A1: Row = [A, A, A, A, A, D, D, D];

/** A fresh device at A1 with its latest tree stored; answers it and the full id of a sensor. */
async function deviceWithTree(w: World): Promise<{ id: number; sensorId: string }> {
  const device = await buildDevice(w.db, w.siteA1);
  const tree = JSON.parse(treeOf(device)) as StateTree;
  await upsertDeviceStates(w.db, [{ deviceId: device.id, tree, receivedAt: new Date(), deviceTime: null }]);
  return { id: device.id, sensorId: listSensors(tree)[0]?.fullId ?? '' };
}

export const warningsCases: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/v1/devices/{id}/settings/warnings/',
    request: async (w) => ({
      url: `/api/v1/devices/${(await deviceWithTree(w)).id}/settings/warnings/?limit=100`,
    }),
    expect: READ_A1,
  },
  {
    method: 'POST',
    route: '/api/v1/devices/{id}/settings/warnings/',
    request: async (w) => {
      const { id, sensorId } = await deviceWithTree(w);
      return {
        url: `/api/v1/devices/${id}/settings/warnings/`,
        payload: [{ sign: '>', value: '10', sensor_id: sensorId, delay_seconds: 5 }],
      };
    },
    expect: EDIT_A1,
  },
];
