import { type DeviceType, listSensors, type StateTree } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/database';
import type { LocationRow } from '../src/db/tables/sites.table';
import { upsertDeviceStates } from '../src/modules/telemetry/telemetry.repo';
import { assignToSite, buildClient, buildDevice, buildSite, buildUser, TEST_PASSWORD } from './factories';
import { multipartFile } from './fixtures/oem';
import { postTree, provisionTypedDevice } from './maintenance';
import type { TestDevice } from './telemetry';
import { treeOf } from './telemetry';
import { authHeader } from './test-app';

/** Sensor settings test helpers: devices with a reported tree, people with roles, calls. */

export type SettingsDevice = TestDevice & { tree: StateTree; fullIds: string[] };

/** A device of the type whose simulated tree went through the HTTP ingest (stored and in memory). */
export async function deviceWithTree(
  app: FastifyInstance,
  db: Database,
  deviceType: DeviceType,
  site?: LocationRow,
): Promise<SettingsDevice> {
  const device = await provisionTypedDevice(db, deviceType, site);
  const tree = JSON.parse(treeOf(device.identity, 1)) as StateTree;
  const status = await postTree(app, device.identity, tree);
  if (status !== 202) {
    throw new Error(`ingest answered ${status}`);
  }
  return { ...device, tree, fullIds: listSensors(tree).map((entry) => entry.fullId) };
}

/** A device at `site` whose tree is written straight to device_state (no ingest; role-walk). */
export async function storedDeviceWithTree(
  db: Database,
  site: LocationRow,
  deviceType: DeviceType = 'F500',
): Promise<{ id: number; sensorId: string }> {
  const device = await buildDevice(db, site, { deviceType });
  const tree = JSON.parse(treeOf(device)) as StateTree;
  await upsertDeviceStates(db, [{ deviceId: device.id, tree, receivedAt: new Date(), deviceTime: null }]);
  return { id: device.id, sensorId: listSensors(tree)[0]?.fullId ?? '' };
}

/** The Authorization header of a person with `permission` at the site. */
export async function headerAt(
  app: FastifyInstance,
  db: Database,
  site: LocationRow,
  permission: 'User' | 'Engineer' | 'Manager',
): Promise<string> {
  const user = await buildUser(db, { fullName: `${permission} Person` });
  await assignToSite(db, user, site, permission);
  return authHeader(app, user.email, TEST_PASSWORD);
}

/** The manager of another client's site: the device is foreign to them (404). */
export async function foreignManagerHeader(app: FastifyInstance, db: Database): Promise<string> {
  const site = await buildSite(db, await buildClient(db));
  return headerAt(app, db, site, 'Manager');
}

export async function superuserHeader(app: FastifyInstance, db: Database): Promise<string> {
  const user = await buildUser(db, { roles: { isSuperuser: true } });
  return authHeader(app, user.email, TEST_PASSWORD);
}

type Method = 'GET' | 'POST';

/** One call of a settings route; `payload` as JSON. */
export function call(
  app: FastifyInstance,
  authorization: string | undefined,
  method: Method,
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: authorization === undefined ? {} : { authorization },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** POST of a CSV file (as bytes) to the import. */
export function importCsv(app: FastifyInstance, authorization: string, deviceId: number, bytes: Buffer) {
  const file = multipartFile(bytes, { field: 'file', filename: 'names.csv', contentType: 'text/csv' });
  return app.inject({
    method: 'POST',
    url: `/api/v1/devices/${deviceId}/settings/import/sensor-names/`,
    headers: { authorization, ...file.headers },
    payload: file.payload,
  });
}
