import type { Database } from '../../db/database';
import { notifications } from '../../db/tables/notifications.table';
import type { UserRow } from '../../db/tables/users.table';
import type { DomainEventMap, DomainEventSubscriber } from '../../events/domain-events';

/**
 * device_administration and site_administration notifications (M section 3; docs/notifications.md): what a person
 * changed on a device or a site. The devices and sites domains publish the change as a domain event; these
 * handlers write the notice, and the projector dispatches it with the rest (sockets and e-mail rules).
 */
export function subscribeAdministrationNotices(events: DomainEventSubscriber): void {
  events.subscribe('device-administered', noteDeviceAdministration);
  events.subscribe('site-administered', noteSiteAdministration);
}

const nameOf = (user: UserRow) =>
  [user.firstName, user.lastName].filter((part) => part).join(' ') || user.email;

async function noteDeviceAdministration(
  db: Database,
  change: DomainEventMap['device-administered'],
): Promise<void> {
  const { device, action, by } = change;
  await db.insert(notifications).values({
    eventType: 'device_administration',
    locationId: device.locationId,
    // A removed device is gone: its notice keeps the title only.
    deviceId: action === 'removed' ? null : device.id,
    deviceTitle: device.title,
    content: `Device ${device.title} ${action} by ${nameOf(by)}`,
    value: action,
    dateCreated: new Date(),
  });
}

async function noteSiteAdministration(
  db: Database,
  change: DomainEventMap['site-administered'],
): Promise<void> {
  const { site, action, by } = change;
  await db.insert(notifications).values({
    eventType: 'site_administration',
    locationId: site.id,
    content: `Site ${site.title} ${action} by ${nameOf(by)}`,
    value: action,
    dateCreated: new Date(),
  });
}

/**
 * A 'test' notification of a device (docs/notifications.md 'Test'): a person checks that their e-mail rules of
 * type 'Test Email' (and the log, the badge and the toasts) reach them.
 */
export async function noteTest(
  db: Database,
  test: { device: { id: number; title: string; locationId: number }; by: UserRow },
): Promise<void> {
  const { device, by } = test;
  await db.insert(notifications).values({
    eventType: 'test',
    locationId: device.locationId,
    deviceId: device.id,
    deviceTitle: device.title,
    content: `Test notification for ${device.title}, sent by ${nameOf(by)}`,
    dateCreated: new Date(),
  });
}
