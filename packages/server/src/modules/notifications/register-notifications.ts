import type { NotificationPush } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { visibleSiteIds } from '../../access/access';
import { assertPassesGate } from '../../access/two-factor-gate';
import type { AppContext } from '../../context';
import { AlertEngine } from '../alert-rules/alert-engine';
import { markMaintenanceTests } from './maintenance-marks';
import { toPushItem } from './notification-items';
import { NotificationProjector } from './notification-projector';
import { type NotificationReader, NotificationSocket } from './notification-socket';
import { findNotificationsByIds, type NotificationWithPlace } from './notifications.repo';
import { notificationsRoutes } from './notifications.routes';
import { NotificationsService } from './notifications.service';
import { startNotificationsRetention } from './notifications-retention';
import { testNotificationTurns } from './test-notification-turns';

declare module 'fastify' {
  interface FastifyInstance {
    /** Builds the log and dispatches it (tests call drain() instead of waiting for the timer). */
    notificationProjector: NotificationProjector;
    /** Sends the e-mails the alert rules owe (tests call drain()). */
    alertEngine: AlertEngine;
  }
}

/** One push per device (or per site, for a site's own notifications), newest last as they happened. */
export function pushesOf(rows: readonly NotificationWithPlace[], count: number): NotificationPush[] {
  const groups = new Map<string, NotificationWithPlace[]>();
  for (const row of rows) {
    const key = row.deviceId === null ? `site:${row.locationId}` : `device:${row.deviceId}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].map((group) => ({
    device: group[0]?.deviceTitle ?? null,
    location: group[0]?.locationTitle ?? null,
    count,
    notifications: group.map(toPushItem),
  }));
}

/**
 * The notifications log (docs/notifications.md): the projector that builds it from device events, maintenance
 * records and administration actions, the e-mail alert engine it hands new notifications to, the calls, and
 * ws/current-user-notifications/.
 */
export async function registerNotifications(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, bus, authenticator } = ctx;
  const engine = new AlertEngine({
    db,
    mailer: ctx.mailer,
    publicUrl: ctx.config.publicUrl,
    log: app.log,
    grouping: {
      waitMs: ctx.config.alertGroupWaitSeconds * 1000,
      intervalMs: ctx.config.alertGroupIntervalSeconds * 1000,
    },
  });
  const projector = new NotificationProjector({ db, bus, dispatch: engine, log: app.log });
  projector.start();
  engine.start();
  app.decorate('notificationProjector', projector);
  app.decorate('alertEngine', engine);
  app.addHook('onClose', async () => {
    await projector.stop();
    await engine.stop();
  });

  const retention = startNotificationsRetention(db, ctx.config.historyRetentionDays, app.log);
  app.addHook('onClose', async () => retention.stop());

  const notifications = new NotificationsService({ db, takeTestTurn: testNotificationTurns(ctx.limits) });
  await app.register(notificationsRoutes, { notifications });

  const admit = async (token: string): Promise<NotificationReader | undefined> => {
    const context = await authenticator.authenticate(token);
    if (context === undefined) {
      return undefined;
    }
    try {
      await assertPassesGate(db, context);
    } catch {
      return undefined;
    }
    const sites = await visibleSiteIds(db, context.user);
    return {
      userId: context.user.id,
      sessionId: context.session.id,
      expiresAt: context.session.expiresAt,
      siteIds: sites === undefined ? undefined : new Set(sites),
      dateJoined: context.user.dateJoined,
    };
  };
  // The sites were read by the socket's last check: a push costs one count, not a new access read.
  const unreadCount = (reader: NotificationReader) =>
    notifications.unreadCountIn(
      { id: reader.userId, dateJoined: reader.dateJoined },
      reader.siteIds === undefined ? undefined : [...reader.siteIds],
    );
  const sockets = new Set<NotificationSocket>();
  const stopListening = bus.onControl((event) => {
    if (sockets.size === 0) {
      return;
    }
    // The new rows are read once for all of this instance's sockets, and only if one of them wants them.
    let rows: Promise<NotificationWithPlace[]> | undefined;
    const load = () => {
      rows ??=
        event.name === 'notifications-created'
          ? findNotificationsByIds(
              db,
              event.data.notifications.map((item) => item.id),
            ).then((found) => markMaintenanceTests(db, found))
          : Promise.resolve([]);
      return rows;
    };
    for (const socket of sockets) {
      socket.handleControl(event, load);
    }
  });
  app.addHook('onClose', async () => stopListening());

  app.get(
    '/ws/current-user-notifications/',
    { websocket: true, schema: { hide: true } },
    (socket, request) => {
      const { token } = request.query as { token?: unknown };
      const notificationSocket = new NotificationSocket(
        socket,
        { admit, unreadCount, pushesOf, log: request.log, liveSockets: ctx.limits.liveSockets },
        () => sockets.delete(notificationSocket),
      );
      sockets.add(notificationSocket);
      notificationSocket.start(typeof token === 'string' ? token : undefined);
    },
  );
}
