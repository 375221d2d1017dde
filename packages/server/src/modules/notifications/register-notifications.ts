import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { AlertEngine } from '../alert-rules/alert-engine';
import { NotificationProjector } from './notification-projector';
import { notificationSocketRoutes } from './notification-socket.routes';
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

  await app.register(notificationSocketRoutes, {
    db,
    authenticator,
    bus,
    notifications,
    liveSockets: ctx.limits.liveSockets,
  });
}
