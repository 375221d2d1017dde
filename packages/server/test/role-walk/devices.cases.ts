import type { StateTree } from '@vigil/contracts';
import { eq } from 'drizzle-orm';
import { stateRecords } from '../../src/db/tables/state-records.table';
import { insertStateRecords } from '../../src/modules/telemetry/telemetry.repo';
import { buildDevice, buildHardwareUnit } from '../factories';
import { treeOf } from '../telemetry';
import { A, D, EVERY_SIGNED_IN, type RouteCase, type Row, STAFF_ONLY } from './cases';
import type { World } from './world';

/** Readers of a device at A1: staff, A's accounts management and A1's members. */
const READ_A1: Row = [A, A, A, A, A, A, D, D];
/** Editors at A1: staff, accounts management, Manager and Engineer. */
const EDIT_A1: Row = [A, A, A, A, A, D, D, D];

const freshDeviceA1 = (w: World) => buildDevice(w.db, w.siteA1);

/** A fresh device at A1 with one historical record; answers the record's path. */
async function recordOfDeviceA1(w: World): Promise<string> {
  const device = await freshDeviceA1(w);
  const tree = JSON.parse(treeOf(device)) as StateTree;
  await insertStateRecords(w.db, [{ deviceId: device.id, ts: new Date(), status: tree.Status, tree }]);
  const [record] = await w.db
    .select({ id: stateRecords.id })
    .from(stateRecords)
    .where(eq(stateRecords.deviceId, device.id))
    .limit(1);
  return `/api/v1/devices/${device.id}/historical/records/${record?.id}/`;
}

let serials = 0;
function newUnitFields() {
  serials += 1;
  return { serial_number: `WALK-${serials}`, code: 'walk-code', device_type: 'F500', udf_id: `WK${serials}` };
}

export const devicesCases: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/v1/devices/',
    request: () => ({ url: '/api/v1/devices/' }),
    expect: EVERY_SIGNED_IN,
  },
  {
    method: 'GET',
    route: '/api/v1/devices/all/',
    request: () => ({ url: '/api/v1/devices/all/' }),
    expect: EVERY_SIGNED_IN,
  },
  {
    method: 'POST',
    route: '/api/v1/devices/',
    request: async (w) => {
      const unit = await buildHardwareUnit(w.db);
      return {
        url: '/api/v1/devices/',
        payload: {
          location: w.siteA1.id,
          title: 'Walked device',
          serial_number: unit.serialNumber,
          code: unit.code,
          device_type: unit.deviceType,
        },
      };
    },
    // A section 6 'Add device: manager or account manager': not the engineer.
    expect: [A, A, A, A, D, D, D, D],
  },
  {
    method: 'GET',
    route: '/api/v1/devices/{id}/',
    request: async (w) => ({ url: `/api/v1/devices/${(await freshDeviceA1(w)).id}/` }),
    expect: READ_A1,
  },
  {
    method: 'PATCH',
    route: '/api/v1/devices/{id}/',
    request: async (w) => ({
      url: `/api/v1/devices/${(await freshDeviceA1(w)).id}/`,
      payload: { title: 'Renamed device' },
    }),
    expect: EDIT_A1,
  },
  {
    method: 'DELETE',
    route: '/api/v1/devices/{id}/',
    request: async (w) => ({ url: `/api/v1/devices/${(await freshDeviceA1(w)).id}/` }),
    expect: EDIT_A1,
  },
  {
    method: 'POST',
    route: '/api/v1/devices/{id}/suspend/',
    request: async (w) => ({ url: `/api/v1/devices/${(await freshDeviceA1(w)).id}/suspend/` }),
    expect: EDIT_A1,
  },
  {
    method: 'POST',
    route: '/api/v1/devices/{id}/select/',
    request: async (w) => ({ url: `/api/v1/devices/${(await freshDeviceA1(w)).id}/select/` }),
    expect: READ_A1,
  },
  {
    method: 'GET',
    route: '/api/v1/devices/{id}/sensors/',
    request: async (w) => ({ url: `/api/v1/devices/${(await freshDeviceA1(w)).id}/sensors/` }),
    expect: READ_A1,
  },
  {
    method: 'GET',
    route: '/api/v1/devices/{id}/historical/records/',
    request: async (w) => ({
      url: `/api/v1/devices/${(await freshDeviceA1(w)).id}/historical/records/?timestamp=2026-01-01%2000:00:00`,
    }),
    expect: READ_A1,
  },
  {
    method: 'GET',
    route: '/api/v1/devices/{id}/historical/records/{recordId}/',
    request: async (w) => ({ url: await recordOfDeviceA1(w) }),
    expect: READ_A1,
  },
  {
    method: 'GET',
    route: '/api/v1/hardware/',
    request: () => ({ url: '/api/v1/hardware/' }),
    expect: STAFF_ONLY,
  },
  {
    method: 'POST',
    route: '/api/v1/hardware/',
    request: () => ({ url: '/api/v1/hardware/', payload: newUnitFields() }),
    expect: STAFF_ONLY,
  },
  {
    method: 'DELETE',
    route: '/api/v1/hardware/{id}/',
    request: async (w) => ({ url: `/api/v1/hardware/${(await buildHardwareUnit(w.db)).id}/` }),
    expect: STAFF_ONLY,
  },
];
