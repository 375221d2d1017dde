import {
  type DeviceType,
  listSensors,
  MAINTENANCE_EXCLUDED_SENSOR_IDS,
  type MaintenanceInfo,
  type StateTree,
} from '@vigil/contracts';
import type { DeviceIdentity } from '@vigil/simulator';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/database';
import type { LocationRow } from '../src/db/tables/sites.table';
import type { UserRow } from '../src/db/tables/users.table';
import { assignToSite, buildClient, buildDevice, buildSite, buildUser, TEST_PASSWORD } from './factories';
import { postTree as postTreeText } from './feed-client';
import { type TestDevice, treeOf } from './telemetry';
import { authHeader } from './test-app';

/** Maintenance test helpers: typed devices, trees with the sensor under test in alarm or clear, calls. */

export type SensorCondition = 'alarm' | 'clear' | 'lost';

const isEthNode = (type: DeviceType) => type === '0005' || type === '0006';

export async function provisionTypedDevice(
  db: Database,
  deviceType: DeviceType,
  site?: LocationRow,
): Promise<TestDevice> {
  const where = site ?? (await buildSite(db, await buildClient(db)));
  const device = await buildDevice(db, where, { deviceType });
  const identity: DeviceIdentity = {
    serialNumber: device.serialNumber,
    code: device.code,
    deviceType: device.deviceType,
    udfId: device.udfId,
  };
  return { device, site: where, identity };
}

/**
 * The device's simulated tree with every sensor clear (OK; N/A for 0005/0006), `sensorId` in `condition`,
 * and every value but the ENUMs' `tick` so that each tree is new.
 */
export function treeWith(
  identity: DeviceIdentity,
  sensorId: string,
  condition: SensorCondition,
  tick: number,
): StateTree {
  const tree = JSON.parse(treeOf(identity, 1)) as StateTree;
  const eth = isEthNode(identity.deviceType);
  for (const { fullId, sensor } of listSensors(tree)) {
    const state = fullId === sensorId ? condition : 'clear';
    const alarm = state === 'alarm';
    const status = alarm ? (eth ? 'WARNING' : 'Alarm') : state === 'lost' || eth ? 'N/A' : 'OK';
    // Every number moves so that each tree is new; an ENUM keeps its state (its number names it: the SN2
    // status of the System group changing would be an event of its own).
    Object.assign(sensor, {
      Alarm: alarm,
      Status: status,
      Value: sensor.Type === 'ENUM' ? sensor.Value : tick,
    });
    sensor.Meta.State = state === 'lost' ? 'Lost Communication Between T500 and node' : null;
  }
  return tree;
}

/** The first sensor of the device's tree that may be tested: full id, leaf Id and name. */
export function testableSensorOf(identity: DeviceIdentity): { fullId: string; leafId: string; name: string } {
  const entry = listSensors(JSON.parse(treeOf(identity, 1)) as StateTree).find(
    ({ sensor }) => !MAINTENANCE_EXCLUDED_SENSOR_IDS.includes(String(sensor.Id)),
  );
  if (entry === undefined) {
    throw new Error('no testable sensor');
  }
  return { fullId: entry.fullId, leafId: String(entry.sensor.Id), name: entry.sensor.Name };
}

/** Posts a tree through the HTTP ingest; answers the status code (202 once stored and observed). */
export function postTree(app: FastifyInstance, identity: DeviceIdentity, tree: StateTree): Promise<number> {
  return postTreeText(app, identity, JSON.stringify(tree));
}

/** A person with `permission` at the site, signed in; answers the user and the Authorization header. */
export async function signedInAt(
  app: FastifyInstance,
  db: Database,
  site: LocationRow,
  permission: 'User' | 'Engineer' | 'Manager',
): Promise<{ user: UserRow; authorization: string }> {
  const user = await buildUser(db, { fullName: `${permission} Person` });
  await assignToSite(db, user, site, permission);
  return { user, authorization: await authHeader(app, user.email, TEST_PASSWORD) };
}

export async function getMaintenanceInfo(app: FastifyInstance, authorization: string, deviceId: number) {
  return app.inject({
    method: 'GET',
    url: `/api/v1/devices/${deviceId}/get-maintenance-info/`,
    headers: { authorization },
  });
}

export async function infoOf(
  app: FastifyInstance,
  authorization: string,
  deviceId: number,
): Promise<MaintenanceInfo> {
  const response = await getMaintenanceInfo(app, authorization, deviceId);
  if (response.statusCode !== 200) {
    throw new Error(`get-maintenance-info/ answered ${response.statusCode} ${response.body}`);
  }
  return response.json<MaintenanceInfo>();
}

export async function postStep(
  app: FastifyInstance,
  authorization: string,
  deviceId: number,
  body: Record<string, unknown>,
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/devices/${deviceId}/maintenance/`,
    headers: { authorization },
    payload: { device_id: deviceId, comment: 'empty area', maintenance_time: Date.now(), ...body },
  });
}
