import { formatZonedTime } from '@vigil/contracts';
import type { Database } from '../../db/database';
import { notifications } from '../../db/tables/notifications.table';
import type { SensorShelfRow } from '../../db/tables/shelving.table';
import type { UserRow } from '../../db/tables/users.table';
import type { DomainEventMap, DomainEventSubscriber } from '../../events/domain-events';
import { getLocationById } from '../sites/sites.repo';

/**
 * The notices of shelving (issue 27, docs/shelving.md): a device_administration notice about the sensor when a
 * person shelves it ('Alarms of X on D shelved until … by …: reason') and when its shelf ends ('X on D
 * unshelved by Y' or '… unshelved (expired)'), written in the transaction of the change and dispatched with
 * the rest of the log.
 */
export function subscribeShelvingNotices(events: DomainEventSubscriber): void {
  events.subscribe('sensor-shelved', noteShelved);
  events.subscribe('sensor-unshelved', noteUnshelved);
}

const nameOf = (user: UserRow) =>
  [user.firstName, user.lastName].filter((part) => part).join(' ') || user.email;

function noticeOf(shelf: SensorShelfRow, content: string, value: string, at: Date) {
  return {
    eventType: 'device_administration' as const,
    locationId: shelf.locationId,
    deviceId: shelf.deviceId,
    deviceTitle: shelf.deviceTitle,
    sensorId: shelf.sensorId,
    sensorName: shelf.sensorName,
    content,
    value,
    dateCreated: at,
  };
}

async function noteShelved(db: Database, change: DomainEventMap['sensor-shelved']): Promise<void> {
  const { after, by } = change;
  const site = await getLocationById(db, after.locationId);
  const until = formatZonedTime(after.until, site?.timezone ?? 'UTC');
  await db
    .insert(notifications)
    .values(
      noticeOf(
        after,
        `Alarms of ${after.sensorName} on ${after.deviceTitle} shelved until ${until} by ${nameOf(by)}: ${after.reason}`,
        'shelved',
        after.shelvedAt,
      ),
    );
}

async function noteUnshelved(db: Database, change: DomainEventMap['sensor-unshelved']): Promise<void> {
  const { after, by } = change;
  const how = by === null ? '(expired)' : `by ${nameOf(by)}`;
  await db
    .insert(notifications)
    .values(
      noticeOf(
        after,
        `${after.sensorName} on ${after.deviceTitle} unshelved ${how}`,
        'unshelved',
        after.unshelvedAt ?? new Date(),
      ),
    );
}
