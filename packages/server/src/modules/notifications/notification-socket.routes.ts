import type { FastifyInstance } from 'fastify';
import { visibleSiteIds } from '../../access/access';
import type { AuthContext } from '../../access/authentication';
import type { Database } from '../../db/database';
import type { LiveSocketPlaces } from '../../limits/live-socket-cap';
import type { RealtimeBus } from '../../realtime/bus';
import { createSocketAuthentication } from '../../realtime/socket-authentication';
import { queryTokenOf } from '../../realtime/socket-rules';
import { markMaintenanceTests } from './maintenance-marks';
import {
  type NotificationReader,
  NotificationSocket,
  type NotificationsCreated,
} from './notification-socket';
import { findNotificationsByIds, type NotificationWithPlace } from './notifications.repo';
import type { NotificationsService } from './notifications.service';

export type NotificationSocketRoutesDeps = Parameters<typeof createSocketAuthentication>[0] & {
  db: Database;
  bus: RealtimeBus;
  notifications: NotificationsService;
  /** The person's live-socket places, shared with ws/device-data/. */
  liveSockets?: LiveSocketPlaces;
};

/**
 * ws/current-user-notifications/ (notification-socket.ts): the token as the first frame `{"cmd":"auth","token"}`
 * or `?token=`. Not in the OpenAPI document (a WebSocket); docs/notifications.md 'Live' describes it.
 */
export async function notificationSocketRoutes(app: FastifyInstance, deps: NotificationSocketRoutesDeps) {
  const { db, notifications } = deps;
  const authenticate = createSocketAuthentication(deps);
  const readerOf = async (context: AuthContext): Promise<NotificationReader> => {
    const sites = await visibleSiteIds(db, context.user);
    return {
      userId: context.user.id,
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
  // An announcement's rows are read once for all of this instance's sockets (the bus hands each the same one).
  const loaded = new WeakMap<NotificationsCreated, Promise<NotificationWithPlace[]>>();
  const rowsOf = (created: NotificationsCreated) => {
    let rows = loaded.get(created);
    if (rows === undefined) {
      rows = findNotificationsByIds(db, created.notificationIds).then((found) =>
        markMaintenanceTests(db, found),
      );
      loaded.set(created, rows);
    }
    return rows;
  };

  app.get(
    '/ws/current-user-notifications/',
    { websocket: true, schema: { hide: true } },
    (socket, request) => {
      const socketDeps = {
        authenticate,
        readerOf,
        unreadCount,
        rowsOf,
        bus: deps.bus,
        log: request.log,
        liveSockets: deps.liveSockets,
      };
      new NotificationSocket(socket, socketDeps).start(queryTokenOf(request.query));
    },
  );
}
