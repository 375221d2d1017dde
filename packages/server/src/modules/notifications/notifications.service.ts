import {
  clampQueryInstant,
  NOTIFICATIONS_BADGE_OVERFLOW,
  NOTIFICATIONS_DEFAULT_LIMIT,
  NOTIFICATIONS_MESSAGES,
  NOTIFICATIONS_RANGE_DAYS,
  type NotificationItem,
  type NotificationQuery,
} from '@vigil/contracts';
import { assertCanEditSite, getSiteAccess, visibleSiteIds } from '../../access/access';
import { assertRecordedVisible, historyVisibleSince } from '../../access/device-history';
import type { Database } from '../../db/database';
import type { Page } from '../../db/page';
import type { UserRow } from '../../db/tables/users.table';
import { AppError, notFound } from '../../errors';
import type { DomainEventPublisher } from '../../events/domain-events';
import * as devicesRepo from '../devices/devices.repo';
import { noteTest } from './administration-notices';
import { exportHeader, exportLine } from './notification-csv';
import * as escalationsRepo from './notification-escalations.repo';
import { toNotificationItem } from './notification-items';
import * as notificationReadsRepo from './notification-reads.repo';
import type { NotificationFilter } from './notifications.repo';
import * as notificationsRepo from './notifications.repo';
import type { TestNotificationTurns } from './test-notification-turns';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = {
  notifications: notificationsRepo,
  reads: notificationReadsRepo,
  devices: devicesRepo,
  escalations: escalationsRepo,
};
export type NotificationsRepositories = typeof REPOSITORIES;

export type NotificationsDeps = {
  db: Database;
  repos?: NotificationsRepositories;
  /** The one-a-minute turn of test notifications per person and device. */
  takeTestTurn: TestNotificationTurns;
  /** The audit trail hears each acknowledgement (`change-recorded`, in its transaction). */
  events: DomainEventPublisher;
  now?: () => Date;
};

const DAY_MS = 86_400_000;
/** Rows read per query while a CSV streams. */
const EXPORT_CHUNK = 1000;

const fullName = (user: UserRow) =>
  [user.firstName, user.lastName].filter((part) => part).join(' ') || user.email;

/**
 * The notifications log as people read it (M sections 2-9, docs/notifications.md): a reader sees the notifications
 * of the sites they may see; a site or device filter they may not see answers 404.
 */
export class NotificationsService {
  private readonly now: () => Date;
  private readonly repos: NotificationsRepositories;

  constructor(private readonly deps: NotificationsDeps) {
    this.now = deps.now ?? (() => new Date());
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** The filter of a query, after checking its site and device filters against the reader's access. */
  private async filterOf(user: UserRow, query: NotificationQuery): Promise<NotificationFilter> {
    const { db } = this.deps;
    if (query.location !== undefined) {
      await getSiteAccess(db, user, query.location);
    }
    if (query.device !== undefined) {
      const device = await this.repos.devices.getDeviceById(db, query.device);
      if (device === undefined) {
        throw notFound();
      }
      await getSiteAccess(db, user, device.locationId);
    }
    return {
      siteIds: await visibleSiteIds(db, user),
      location: query.location,
      device: query.device,
      eventTypes: query.event_type,
      isActive: query.is_active,
      from: query.date_created_from,
      to: query.date_created_to,
      search: query.search,
    };
  }

  async list(
    user: UserRow,
    query: NotificationQuery,
  ): Promise<{ page: Page; count: number; results: NotificationItem[] }> {
    const filter = await this.filterOf(user, query);
    const page = { limit: query.limit ?? NOTIFICATIONS_DEFAULT_LIMIT, offset: query.offset ?? 0 };
    const { count, rows } = await this.repos.notifications.findNotifications(this.deps.db, filter, {
      ordering: query.ordering,
      // Beyond the spec (alarm management): what still needs someone's attention comes first.
      unacknowledgedFirst: query.is_active === true && query.ordering === undefined,
      ...page,
    });
    const steps = await this.repos.escalations.findEscalationSteps(
      this.deps.db,
      rows.map((row) => row.id),
    );
    return { page, count, results: rows.map((row) => toNotificationItem(row, steps.get(row.id) ?? [])) };
  }

  /** The header badge: unread notifications, counted up to one past the overflow (the badge shows 999+). */
  async unreadCount(user: UserRow): Promise<number> {
    return this.unreadCountIn(user, await visibleSiteIds(this.deps.db, user));
  }

  /** unreadCount with the sites already read (undefined: every site), as the live socket holds them. */
  unreadCountIn(
    user: Pick<UserRow, 'id' | 'dateJoined'>,
    sites: readonly number[] | undefined,
  ): Promise<number> {
    return this.repos.reads.countUnread(this.deps.db, user, sites, NOTIFICATIONS_BADGE_OVERFLOW + 1);
  }

  async markRead(user: UserRow): Promise<void> {
    await this.repos.reads.markAllRead(this.deps.db, user.id, this.now());
  }

  /**
   * The CSV of a query (M section 5: a date bound is required; the range is at most 30 days, a single bound
   * spans 30 days from it), streamed a thousand rows at a time, newest first.
   */
  async exportCsv(user: UserRow, query: NotificationQuery): Promise<AsyncIterable<string>> {
    const { date_created_from: from, date_created_to: to } = query;
    if (from === undefined && to === undefined) {
      throw AppError.validation({ non_field_errors: [NOTIFICATIONS_MESSAGES.exportWithoutDate] });
    }
    const span = NOTIFICATIONS_RANGE_DAYS * DAY_MS;
    const filter = {
      ...(await this.filterOf(user, query)),
      // The derived bound stays on the query calendar (a span past 9999-12-30 cut the stream with a 500).
      from: from ?? new Date(clampQueryInstant((to as Date).getTime() - span)),
      to: to ?? new Date(clampQueryInstant((from as Date).getTime() + span)),
    };
    const db = this.deps.db;
    const { repos } = this;
    async function* lines(): AsyncGenerator<string> {
      yield exportHeader();
      let after: { dateCreated: Date; id: number } | undefined;
      for (;;) {
        const rows = await repos.notifications.findNotificationsAfter(db, filter, after, EXPORT_CHUNK);
        if (rows.length > 0) {
          yield rows.map((row) => exportLine(toNotificationItem(row))).join('');
        }
        const last = rows.at(-1);
        if (last === undefined || rows.length < EXPORT_CHUNK) {
          return;
        }
        after = { dateCreated: last.dateCreated, id: last.id };
      }
    }
    return lines();
  }

  /**
   * POST devices/{id}/test-notification/: the site's editors send a test through the log and the e-mail rules,
   * one a minute per person and device.
   */
  async sendTest(user: UserRow, deviceId: number): Promise<void> {
    const device = await this.repos.devices.getDeviceById(this.deps.db, deviceId);
    if (device === undefined) {
      throw notFound();
    }
    await assertCanEditSite(this.deps.db, user, device.locationId);
    await this.deps.takeTestTurn(user.id, device.id);
    await noteTest(this.deps.db, { device, by: user });
  }

  /** Beyond the spec: acknowledges an active alarm or warning of a site the reader sees. */
  async acknowledge(user: UserRow, id: number, comment: string): Promise<NotificationItem> {
    const row = await this.readable(user, id);
    const done = await this.deps.db.transaction(async (tx) => {
      const acknowledged = await this.repos.notifications.acknowledgeNotification(
        tx,
        row.id,
        { id: user.id, name: fullName(user) },
        comment,
        this.now(),
      );
      if (acknowledged) {
        await this.deps.events.publish(tx, 'change-recorded', {
          kind: 'notification.acknowledged',
          by: user,
          subject: { type: 'notification', id: row.id, label: row.content },
          siteId: row.locationId,
          clientId: null,
          before: { acknowledged: false },
          after: { acknowledged: true, comment, device: row.deviceTitle, sensor: row.sensorName },
        });
      }
      return acknowledged;
    });
    if (!done) {
      const message =
        row.acknowledgedAt !== null
          ? NOTIFICATIONS_MESSAGES.alreadyAcknowledged
          : NOTIFICATIONS_MESSAGES.notAlarm;
      throw AppError.validation({ non_field_errors: [message] });
    }
    const steps = await this.repos.escalations.findEscalationSteps(this.deps.db, [id]);
    return toNotificationItem(await this.readable(user, id), steps.get(id) ?? []);
  }

  private async readable(user: UserRow, id: number) {
    const [row] = await this.repos.notifications.findNotificationsByIds(this.deps.db, [id]);
    if (row === undefined) {
      throw notFound();
    }
    const site = await getSiteAccess(this.deps.db, user, row.locationId);
    if (row.deviceId !== null) {
      const since = await historyVisibleSince(this.deps.db, user, row.deviceId, site.clientId);
      assertRecordedVisible(row.dateCreated, since);
    }
    return row;
  }
}
