import type { Database } from '../../db/database';
import type { DomainEventPublisher } from '../../events/domain-events';
import { RepeatingJob } from '../../jobs/repeating-job';
import type { RoomPublisher } from '../../realtime/bus';
import { siteRoom } from '../../realtime/rooms';
import { loadSensorNamer } from '../sensor-settings/sensor-display-name';
import { draftOfDeviceEvent, draftOfMaintenanceRecord } from './notification-drafts';
import {
  findUnprojectedEvents,
  findUnprojectedMaintenance,
  insertNotification,
  markEventsProjected,
  markMaintenanceProjected,
  tryLockNotificationProjector,
} from './notification-projector.repo';
import { findUndispatched, markDispatched, type NotificationWithPlace } from './notifications.repo';
import { markShelved } from './shelved-marks';

export type ProjectorLog = { error(object: object, message: string): void };

export type NotificationProjectorDeps = {
  db: Database;
  bus: RoomPublisher;
  /** 'notifications-dispatched' goes out in the transaction that marks them dispatched (the e-mail rules plan). */
  events: DomainEventPublisher;
  log: ProjectorLog;
  /** How often every instance looks for new sources (default 500 ms). */
  tickMs?: number;
  now?: () => Date;
};

/** Rows per source and per transaction. */
const BATCH = 500;
/** A notification older than this when dispatched is history (a backfill, a long outage): no push, no e-mail. */
export const FRESH_FOR_MS = 60 * 60 * 1000;

/**
 * Builds the notifications log (docs/notifications.md): every tick, one instance (advisory lock) turns the device
 * events and maintenance records not yet in the log into notifications, and dispatches the notifications not yet
 * dispatched — the e-mail rules plan their deliveries in the same transaction ('notifications-dispatched', a
 * domain event the alert-rules domain subscribes to) — then, after the commit, tells the sockets of every
 * instance (an event in each site's room). Sources and notifications are marked in the transaction that uses
 * them, so each becomes one notification and is dispatched once, whichever instance runs and whatever restarts
 * in between.
 */
export class NotificationProjector {
  private readonly job: RepeatingJob;
  private readonly now: () => Date;

  constructor(private readonly deps: NotificationProjectorDeps) {
    this.now = deps.now ?? (() => new Date());
    this.job = new RepeatingJob(() => this.runOnce(), {
      tickMs: deps.tickMs ?? 500,
      onError: (error) => deps.log.error({ err: error }, 'notification projector failed'),
    });
  }

  start(): void {
    this.job.start();
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** Runs until nothing is left, after any run in progress (tests call it instead of waiting for the timer). */
  drain(): Promise<void> {
    return this.job.drain();
  }

  /** One transaction; true when a batch was full (more may wait). */
  async runOnce(): Promise<boolean> {
    const now = this.now();
    const outcome = await this.deps.db.transaction(async (tx) => {
      if (!(await tryLockNotificationProjector(tx))) {
        return { dispatched: [] as NotificationWithPlace[], full: false };
      }
      const events = await findUnprojectedEvents(tx, BATCH);
      const records = await findUnprojectedMaintenance(tx, BATCH);
      const deviceIds = [...new Set([...events, ...records].map((source) => source.device.id))];
      const nameSensor = await loadSensorNamer(tx, deviceIds);
      const drafts = events.map(({ event, device }) => {
        const reported = typeof event.detail?.name === 'string' ? event.detail.name : null;
        const name = event.sensorId === null ? null : nameSensor(device, event.sensorId, reported);
        return draftOfDeviceEvent(event, device, name);
      });
      // Shelved sensors' alarms and warnings are logged marked shelved (issue 27, docs/shelving.md).
      for (const draft of await markShelved(tx, drafts)) {
        await insertNotification(tx, draft);
      }
      for (const { record, device } of records) {
        const name = nameSensor(device, record.sensorId, record.sensorName);
        await insertNotification(tx, draftOfMaintenanceRecord(record, device, name));
      }
      await markEventsProjected(
        tx,
        events.map(({ event }) => event.id),
        now,
      );
      await markMaintenanceProjected(
        tx,
        records.map(({ record }) => record.id),
        now,
      );

      const dispatched = await findUndispatched(tx, BATCH);
      const fresh = dispatched.filter((row) => now.getTime() - row.dateCreated.getTime() <= FRESH_FOR_MS);
      await this.deps.events.publish(tx, 'notifications-dispatched', { fresh, now });
      await markDispatched(
        tx,
        dispatched.map((row) => row.id),
        now,
      );
      const full = events.length === BATCH || records.length === BATCH || dispatched.length === BATCH;
      return { dispatched: fresh, full };
    });
    const bySite = new Map<number, number[]>();
    for (const row of outcome.dispatched) {
      bySite.set(row.locationId, [...(bySite.get(row.locationId) ?? []), row.id]);
    }
    for (const [locationId, notificationIds] of bySite) {
      this.deps.bus.publish(siteRoom(locationId), {
        name: 'notifications-created',
        data: { notificationIds },
      });
    }
    return outcome.full;
  }
}
