import { multipartFile } from '../fixtures/oem';
import { storedDeviceWithTree } from '../sensor-settings';
import { A, D, EVERY_SIGNED_IN, type RouteCase, type Row, SUPERUSER_ONLY } from './cases';
import type { World } from './world';

/** Readers of a device at A1: staff, A's accounts management and A1's members. */
const READ_A1: Row = [A, A, A, A, A, A, D, D];
/** M section 6 editors at A1: staff, accounts management, Manager and Engineer. */
const EDIT_A1: Row = [A, A, A, A, A, D, D, D];

const settingsUrl = (id: number, path: string) => `/api/v1/devices/${id}/settings/${path}`;

/** A GET of a fresh device's settings path (the device type decides what the route accepts). */
function readCase(path: string, route: string, deviceType: 'F500' | '0005' = 'F500'): RouteCase {
  return {
    method: 'GET',
    route: `/api/v1/devices/{id}/settings/${route}`,
    request: async (w: World) => ({
      url: settingsUrl((await storedDeviceWithTree(w.db, w.siteA1, deviceType)).id, path),
    }),
    expect: READ_A1,
  };
}

export const sensorSettingsCases: RouteCase[] = [
  readCase('sensor-names', 'sensor-names'),
  {
    method: 'POST',
    route: '/api/v1/devices/{id}/settings/sensor-names',
    request: async (w) => {
      const { id, sensorId } = await storedDeviceWithTree(w.db, w.siteA1);
      return { url: settingsUrl(id, 'sensor-names'), payload: { sensor_names: { [sensorId]: 'Walked' } } };
    },
    expect: EDIT_A1,
  },
  readCase('export/sensor-names/', 'export/sensor-names/'),
  {
    method: 'POST',
    route: '/api/v1/devices/{id}/settings/import/sensor-names/',
    request: async (w) => {
      const { id, sensorId } = await storedDeviceWithTree(w.db, w.siteA1);
      const file = multipartFile(Buffer.from(`sensor_id,name\r\n${sensorId},Walked\r\n`), {
        field: 'file',
        filename: 'names.csv',
        contentType: 'text/csv',
      });
      return { url: settingsUrl(id, 'import/sensor-names/'), payload: file.payload, headers: file.headers };
    },
    expect: EDIT_A1,
  },
  readCase('sensor-types', 'sensor-types', '0005'),
  {
    method: 'POST',
    route: '/api/v1/devices/{id}/settings/sensor-types',
    request: async (w) => {
      const { id, sensorId } = await storedDeviceWithTree(w.db, w.siteA1, '0005');
      return {
        url: settingsUrl(id, 'sensor-types'),
        payload: { sensor_types: { [sensorId]: { type: 'NUMERIC', unit: 1, k: 1, c: 0 } } },
      };
    },
    expect: EDIT_A1,
  },
  {
    method: 'GET',
    route: '/api/v1/ie-node-units/',
    request: () => ({ url: '/api/v1/ie-node-units/' }),
    expect: EVERY_SIGNED_IN,
  },
  {
    method: 'GET',
    route: '/api/v1/sensor-image-types/',
    request: () => ({ url: '/api/v1/sensor-image-types/' }),
    expect: EVERY_SIGNED_IN,
  },
  readCase('sensor-images/', 'sensor-images/'),
  {
    method: 'POST',
    route: '/api/v1/devices/{id}/settings/sensor-images/',
    request: async (w) => {
      const { id, sensorId } = await storedDeviceWithTree(w.db, w.siteA1);
      return {
        url: settingsUrl(id, 'sensor-images/'),
        payload: { sensor_image_types: { [sensorId]: 'pulley' } },
      };
    },
    expect: EDIT_A1,
  },
  readCase('display/', 'display/'),
  {
    method: 'POST',
    route: '/api/v1/devices/{id}/fix-notifications/',
    request: async (w) => {
      const { id } = await storedDeviceWithTree(w.db, w.siteA1);
      return { url: `/api/v1/devices/${id}/fix-notifications/`, payload: { device_id: id } };
    },
    expect: SUPERUSER_ONLY,
  },
];
