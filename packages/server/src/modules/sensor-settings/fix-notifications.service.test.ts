import { listSensors } from '@vigil/contracts';
import type { DeviceIdentity } from '@vigil/simulator';
import { describe, expect, it } from 'vitest';
import { treeWith } from '../../../test/maintenance';
import type { Database } from '../../db/database';
import type { NewDeviceEventRow } from '../../db/tables/device-events.table';
import type { DeviceRow } from '../../db/tables/devices.table';
import type { UserRow } from '../../db/tables/users.table';
import { createDomainEvents } from '../../events/domain-events';
import * as devicesRepo from '../devices/devices.repo';
import * as deviceEventsRepo from '../telemetry/device-events.repo';
import type { OpenSensorEvent } from './fix-notifications.repo';
import * as fixNotificationsRepo from './fix-notifications.repo';
import { FixNotificationsService } from './fix-notifications.service';

/**
 * The rule of fix-notifications/ without a database (the deps object's point, issue 24): an alarm or warning open
 * in the log is closed only when the latest tree no longer holds it; the repositories are fakes.
 */
const identity: DeviceIdentity = { serialNumber: 'SN-1', code: 'code', deviceType: 'F500', udfId: 'UDF-FIX' };
const device = {
  id: 7,
  udfId: identity.udfId,
  deviceType: 'F500',
  locationId: 1,
  title: 'Plant',
} as DeviceRow;
const superuser = { id: 3, isSuperuser: true } as UserRow;
const NOW = new Date('2026-03-01T12:00:00Z');

function serviceWith(open: OpenSensorEvent[], inAlarm: string) {
  const written: NewDeviceEventRow[] = [];
  const service = new FixNotificationsService({
    db: {} as Database,
    events: createDomainEvents(),
    latestTree: async () => treeWith(identity, inAlarm, 'alarm', 1),
    now: () => NOW,
    repos: {
      devices: { ...devicesRepo, getDeviceById: async (_db, id) => (id === device.id ? device : undefined) },
      fixNotifications: { ...fixNotificationsRepo, findOpenSensorEvents: async () => open },
      deviceEvents: {
        ...deviceEventsRepo,
        insertDeviceEvents: async (_db, rows) => {
          written.push(...rows);
        },
      },
    },
  });
  return { service, written };
}

describe('FixNotificationsService with fake repositories', () => {
  const [clear, inAlarm] = listSensors(treeWith(identity, '', 'clear', 1)).map((e) => e.fullId) as [
    string,
    string,
  ];

  it('closes what the tree no longer holds (cleared or gone) and keeps the alarm the tree still shows', async () => {
    const gone = `${identity.udfId}.gone.1`;
    const { service, written } = serviceWith(
      [
        { sensorId: clear, kind: 'alarm_on' },
        { sensorId: inAlarm, kind: 'alarm_on' },
        { sensorId: gone, kind: 'warning_on' },
      ],
      inAlarm,
    );

    const result = await service.fix(superuser, device.id, device.id);

    expect(result.closed).toBe(2);
    expect(written.map((row) => [row.sensorId, row.kind])).toEqual([
      [clear, 'alarm_off'],
      [gone, 'warning_off'],
    ]);
    expect(written[0]).toMatchObject({
      deviceId: device.id,
      ts: NOW,
      detail: { reason: 'fix-notifications', user_id: superuser.id, status: 'OK' },
    });
  });

  it('refuses everyone but a super user before reading anything', async () => {
    const { service, written } = serviceWith([{ sensorId: clear, kind: 'alarm_on' }], inAlarm);
    const engineer = { ...superuser, isSuperuser: false };

    await expect(service.fix(engineer, device.id, undefined)).rejects.toMatchObject({ code: 'forbidden' });
    expect(written).toEqual([]);
  });
});
