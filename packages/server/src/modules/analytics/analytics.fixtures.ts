import type { DeviceType } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { buildClient, buildDevice, buildSite, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { authHeader } from '../../../test/test-app';
import type { Database } from '../../db/database';
import type { DeviceEventKind } from '../../db/tables/device-events.table';
import type { UserRow } from '../../db/tables/users.table';
import { insertDeviceEvents } from '../telemetry/device-events.repo';

/** Analytics test helpers: a device of a site in a timezone, alarm events seeded straight into device_events. */

export async function analyticsDevice(db: Database, deviceType: DeviceType = 'F500', timezone = 'UTC') {
  const site = await buildSite(db, await buildClient(db), { timezone });
  const device = await buildDevice(db, site, { deviceType });
  return { site, device };
}

export async function staffHeader(
  app: FastifyInstance,
  db: Database,
  role: 'isSuperuser' | 'isOem' = 'isSuperuser',
): Promise<{ user: UserRow; authorization: string }> {
  const user = await buildUser(db, { roles: { [role]: true } });
  return { user, authorization: await authHeader(app, user.email, TEST_PASSWORD) };
}

export type SeedEvent = {
  at: string;
  sensor: string;
  kind?: DeviceEventKind;
  name?: string;
  state?: string;
  status?: string;
};

/** Inserts events of one device; `name`, `state` and `status` go into detail only when given. */
export async function seedEvents(
  db: Database,
  deviceId: number,
  events: readonly SeedEvent[],
): Promise<void> {
  await insertDeviceEvents(
    db,
    events.map((event) => {
      const detail: Record<string, unknown> = { value: 1, status: event.status ?? 'Alarm' };
      if (event.name !== undefined) {
        detail.name = event.name;
      }
      if (event.state !== undefined) {
        detail.state = event.state;
      }
      return {
        deviceId,
        ts: new Date(event.at),
        kind: event.kind ?? 'alarm_on',
        sensorId: event.sensor,
        detail,
      };
    }),
  );
}

export function getReport(
  app: FastifyInstance,
  authorization: string,
  deviceId: number | string,
  report: string,
  query = '?start=1 Nov 2026&end=5 Nov 2026',
) {
  return app.inject({
    method: 'GET',
    url: `/api/v1/analytics/${deviceId}/${report}/${encodeURI(query)}`,
    headers: { authorization },
  });
}
