import { listSensors, MAINTENANCE_EVENTS, type StateTree } from '@vigil/contracts';
import { upsertDeviceStates } from '../../src/modules/telemetry/telemetry.repo';
import { buildDevice } from '../factories';
import { treeOf } from '../telemetry';
import { A, D, type RouteCase, type Row } from './cases';
import type { World } from './world';

/** Readers of a device at A1: staff, A's accounts management and A1's members. */
const READ_A1: Row = [A, A, A, A, A, A, D, D];
/** M section 6 editors at A1: staff, accounts management, Manager and Engineer. */
const EDIT_A1: Row = [A, A, A, A, A, D, D, D];

/** A fresh device at A1 whose latest tree is stored with every sensor clear; answers it and a sensor. */
async function deviceWithTree(w: World): Promise<{ id: number; sensorId: string }> {
  const device = await buildDevice(w.db, w.siteA1);
  const tree = JSON.parse(treeOf(device)) as StateTree;
  const entries = listSensors(tree);
  for (const { sensor } of entries) {
    Object.assign(sensor, { Alarm: false, Status: 'OK' });
  }
  await upsertDeviceStates(w.db, [{ deviceId: device.id, tree, receivedAt: new Date(), deviceTime: null }]);
  return { id: device.id, sensorId: entries[0]?.fullId ?? '' };
}

export const maintenanceCases: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/v1/devices/{id}/get-maintenance-info/',
    request: async (w) => ({ url: `/api/v1/devices/${(await deviceWithTree(w)).id}/get-maintenance-info/` }),
    expect: READ_A1,
  },
  {
    method: 'POST',
    route: '/api/v1/devices/{id}/maintenance/',
    request: async (w) => {
      const { id, sensorId } = await deviceWithTree(w);
      return {
        url: `/api/v1/devices/${id}/maintenance/`,
        payload: {
          event_type: MAINTENANCE_EVENTS.expectAlarmOn,
          sensor_id: sensorId,
          sensor_name: 'Walked sensor',
        },
      };
    },
    expect: EDIT_A1,
  },
];
