import type { AuditKind, AuditSubjectType } from '@vigil/contracts';
import type { Database } from '../db/database';
import type { NotificationRow } from '../db/tables/notifications.table';
import type { SensorShelfRow } from '../db/tables/shelving.table';
import type { UserRow } from '../db/tables/users.table';

/**
 * Domain events (docs/adding-a-domain.md, step 8): how a domain has another write that other domain's rows.
 * The publisher says what happened; each subscriber writes its own rows with the database handle the publisher
 * passes (its transaction, when the change is written in one, so both commit or roll back together).
 * In-process and synchronous: publish() runs the handlers one after another and resolves when the last has
 * written; a handler's error rejects publish() as the write inline would have. What other instances must hear
 * goes through the realtime bus instead.
 */

export type DeviceAdministrationAction = 'added' | 'changed' | 'removed' | 'suspended' | 'reactivated';
export type SiteAdministrationAction = 'created' | 'changed' | 'suspended' | 'reactivated';

/**
 * A change a person made, for the audit trail (docs/audit.md). `by`: the acting user as the route handed it to the
 * service (it carries the request's address, access/request-address.ts). `before`/`after`: the fields that matter
 * (the audit domain redacts secrets); null for a creation or a deletion. `clientId` may be left null when `siteId`
 * is set: the audit domain reads the site's client.
 */
export type AuditChange = {
  kind: AuditKind;
  by: UserRow;
  subject: { type: AuditSubjectType; id: number | string; label: string };
  siteId: number | null;
  clientId: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** Every domain event: its name, who publishes it, and what it carries. */
export type DomainEventMap = {
  /** devices: a person added, changed, removed, suspended or reactivated a device (after the change). */
  'device-administered': {
    device: { id: number; title: string; locationId: number };
    action: DeviceAdministrationAction;
    by: UserRow;
  };
  /** sites: a person created, changed, suspended or reactivated a site (after the change). */
  'site-administered': { site: { id: number; title: string }; action: SiteAdministrationAction; by: UserRow };
  /**
   * notifications: the projector dispatches new notifications, in the transaction that marks them dispatched;
   * `fresh` are those recent enough to alert about (older ones are history filled in, not news).
   */
  'notifications-dispatched': { fresh: readonly NotificationRow[]; now: Date };
  /**
   * every domain a person changes: published with the transaction the change was written in (the audit domain
   * inserts its record in it, so both commit or neither).
   */
  'change-recorded': AuditChange;
  /**
   * shelving (issue 27, docs/shelving.md): a person shelved a sensor's alarms, in the transaction that saved the
   * shelf. `before`: the sensor's shelf this one replaced (ended 'replaced'), or null; `after`: the new shelf.
   * The notifications domain writes the administration notice; the audit trail can record the same change.
   */
  'sensor-shelved': { before: SensorShelfRow | null; after: SensorShelfRow; by: UserRow };
  /**
   * shelving: a shelf ended by hand (`by` the person) or expired (`by` null, the shelving timer), in the
   * transaction that ended it; `before` the active shelf, `after` the same shelf ended.
   */
  'sensor-unshelved': { before: SensorShelfRow; after: SensorShelfRow; by: UserRow | null };
};

export type DomainEventName = keyof DomainEventMap;

/** Writes the subscriber's rows for one event, with the publisher's database handle. */
export type DomainEventHandler<E extends DomainEventName> = (
  db: Database,
  event: DomainEventMap[E],
) => Promise<void>;

/** What a publishing service needs. `db`: the handle the change was written with. */
export type DomainEventPublisher = {
  publish<E extends DomainEventName>(db: Database, name: E, event: DomainEventMap[E]): Promise<void>;
};

/** What a subscribing domain needs; subscribe at registration, before the app is ready. */
export type DomainEventSubscriber = {
  subscribe<E extends DomainEventName>(name: E, handler: DomainEventHandler<E>): void;
};

export type DomainEvents = DomainEventPublisher & DomainEventSubscriber;

/** One application's domain events (app.ts makes one per app, so test apps sharing a process stay apart). */
export function createDomainEvents(): DomainEvents {
  const handlers = new Map<DomainEventName, Array<DomainEventHandler<DomainEventName>>>();
  return {
    subscribe(name, handler) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler as DomainEventHandler<DomainEventName>]);
    },
    async publish(db, name, event) {
      for (const handler of handlers.get(name) ?? []) {
        await handler(db, event);
      }
    },
  };
}
