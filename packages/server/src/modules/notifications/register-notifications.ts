import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { subscribeAdministrationNotices } from './administration-notices';
import { NotificationProjector } from './notification-projector';
import { notificationSocketRoutes } from './notification-socket.routes';
import { notificationsRoutes } from './notifications.routes';
import { NotificationsService } from './notifications.service';
import { startNotificationsRetention } from './notifications-retention';
import { subscribeShelvingNotices } from './shelving-notices';
import { testNotificationTurns } from './test-notification-turns';

declare module 'fastify' {
  interface FastifyInstance {
    /** Builds the log and dispatches it (tests call drain() instead of waiting for the timer). */
    notificationProjector: NotificationProjector;
  }
}

/**
 * The notifications log (docs/notifications.md): the projector that builds it from device events, maintenance
 * records and administration actions (domain events of devices and sites), and that dispatches new notifications
 * (to the e-mail alert rules, a domain event), the calls, and ws/current-user-notifications/.
 */
export async function registerNotifications(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, bus, authenticator } = ctx;
  subscribeAdministrationNotices(ctx.events);
  subscribeShelvingNotices(ctx.events);
  const projector = new NotificationProjector({ db, bus, events: ctx.events, log: app.log });
  // Once every domain has subscribed (the alert rules register later): no dispatch goes out unheard.
  app.addHook('onReady', async () => projector.start());
  app.decorate('notificationProjector', projector);
  app.addHook('onClose', async () => projector.stop());

  const retention = startNotificationsRetention(db, ctx.config.historyRetentionDays, app.log);
  app.addHook('onClose', async () => retention.stop());

  const notifications = new NotificationsService({
    db,
    takeTestTurn: testNotificationTurns(ctx.limits),
    events: ctx.events,
  });
  await app.register(notificationsRoutes, { notifications });

  await app.register(notificationSocketRoutes, {
    db,
    authenticator,
    bus,
    notifications,
    liveSockets: ctx.limits.liveSockets,
  });
}
