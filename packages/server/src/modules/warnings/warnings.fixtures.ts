import { listSensors, SENSOR_STATE_TEXTS, type StateTree, type WarningEventDetail } from '@vigil/contracts';
import type { DeviceIdentity } from '@vigil/simulator';
import type { FastifyInstance } from 'fastify';
import { treeOf } from '../../../test/telemetry';
import type { Database } from '../../db/database';
import { listDeviceEvents } from '../telemetry/device-events.repo';

/** Warnings test helpers: trees with one sensor's reading set, calls, and the events warnings raised. */

/** An F500 tree's first bearing temperature (°F); its leaf Id '1' is shared with other sensors. */
export const bearingOf = (identity: DeviceIdentity) => `${identity.udfId}.net1.n01.1`;
/** An F500 tree's Uptime (Minutes); its leaf Id 18000 is the only one in the tree. */
export const uptimeOf = (identity: DeviceIdentity) => `${identity.udfId}.system.18000`;

/** The device's simulated tree with `sensorId` reading `reading`, or lost ('lost'); the rest as simulated. */
export function treeReading(identity: DeviceIdentity, sensorId: string, reading: number | 'lost'): StateTree {
  const tree = JSON.parse(treeOf(identity, 1)) as StateTree;
  const entry = listSensors(tree).find(({ fullId }) => fullId === sensorId);
  if (entry === undefined) {
    throw new Error(`no sensor ${sensorId}`);
  }
  const lost = reading === 'lost';
  Object.assign(entry.sensor, { Value: lost ? null : reading, Status: lost ? 'N/A' : 'OK', Alarm: false });
  entry.sensor.Meta.State = lost ? SENSOR_STATE_TEXTS.lostCommunication : null;
  return tree;
}

export function getWarnings(app: FastifyInstance, authorization: string, deviceId: number, query = '') {
  return app.inject({
    method: 'GET',
    url: `/api/v1/devices/${deviceId}/settings/warnings/${query}`,
    headers: { authorization },
  });
}

export function postWarnings(
  app: FastifyInstance,
  authorization: string,
  deviceId: number,
  payload: unknown,
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/devices/${deviceId}/settings/warnings/`,
    headers: { authorization, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

export type WarningEvent = { kind: string; sensorId: string | null; detail: WarningEventDetail };

/** The device events warnings raised (detail.warning_id set), oldest first. */
export async function warningEventsOf(db: Database, deviceId: number): Promise<WarningEvent[]> {
  const events = await listDeviceEvents(db, deviceId);
  return events
    .filter((event) => event.detail !== null && event.detail !== undefined && 'warning_id' in event.detail)
    .map((event) => ({
      kind: event.kind,
      sensorId: event.sensorId,
      detail: event.detail as WarningEventDetail,
    }));
}

/** Kinds of the events warnings raised, oldest first. */
export async function warningKindsOf(db: Database, deviceId: number): Promise<string[]> {
  return (await warningEventsOf(db, deviceId)).map((event) => event.kind);
}
