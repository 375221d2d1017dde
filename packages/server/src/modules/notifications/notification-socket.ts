import type { NotificationPush } from '@vigil/contracts';
import type { WebSocket } from 'ws';
import { AuthenticatedSocket, type AuthenticatedSocketDeps } from '../../realtime/authenticated-socket';
import type { RoomEvents } from '../../realtime/rooms';
import type { SocketHolder } from '../../realtime/socket-rules';
import { toPushItem } from './notification-items';
import type { NotificationWithPlace } from './notifications.repo';

/** Who a socket serves, as its last check read them. */
export type NotificationReader = {
  userId: number;
  /** Sites the person sees; undefined for staff (every site). */
  siteIds: ReadonlySet<number> | undefined;
  /** Unread notifications before the first read mark count from here. */
  dateJoined: Date;
};

/** A site room's announcement of new notifications (realtime/rooms.ts). */
export type NotificationsCreated = RoomEvents['site']['notifications-created'];

export type NotificationSocketDeps<H extends SocketHolder> = Omit<AuthenticatedSocketDeps, 'failure'> & {
  /** The person behind a token (createSocketAuthentication); undefined closes 4401. */
  authenticate(token: string): Promise<H | undefined>;
  /** Reads the sites the person sees. */
  readerOf(holder: H): Promise<NotificationReader>;
  /** The reader's unread count, with the sites the last check read. */
  unreadCount(reader: NotificationReader): Promise<number>;
  /** The rows an announcement names, read once for all of this instance's sockets. */
  rowsOf(created: NotificationsCreated): Promise<NotificationWithPlace[]>;
};

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
 * One ws/current-user-notifications/ socket (M section 7; docs/notifications.md 'Live') on the
 * authenticated-socket base (realtime/authenticated-socket.ts): once admitted, a push
 * `{count, notifications: []}` with the unread count, then a push for each device whose new notifications are
 * announced in the rooms of the sites the person sees (every site for staff). A revoked session, any change of
 * access or the session's expiry makes it check again; a failed check closes it 4401.
 */
export class NotificationSocket<H extends SocketHolder> {
  private readonly live: AuthenticatedSocket<H, NotificationReader>;
  private reader: NotificationReader | undefined;
  /** Announcements not pushed yet: those that arrive before the push step starts go out together. */
  private pending: NotificationsCreated[] = [];

  constructor(
    socket: WebSocket,
    private readonly deps: NotificationSocketDeps<H>,
  ) {
    this.live = new AuthenticatedSocket(
      socket,
      {
        authenticate: deps.authenticate,
        authorize: async (holder) => ({ ok: true, grant: await deps.readerOf(holder) }),
        onAuthorized: (reader, isFirst) => this.handleAuthorized(reader, isFirst),
      },
      { ...deps, failure: { message: 'notification socket failed' } },
    );
  }

  start(queryToken: string | undefined): void {
    this.live.start(queryToken);
  }

  private async handleAuthorized(reader: NotificationReader, isFirst: boolean): Promise<void> {
    this.reader = reader;
    const sites = reader.siteIds === undefined ? 'every' : [...reader.siteIds];
    this.live.joinRooms('site', sites, (event) => this.handleCreated(event.data));
    if (isFirst) {
      const count = await this.deps.unreadCount(reader);
      this.send({ device: null, location: null, count, notifications: [] });
    }
  }

  private handleCreated(created: NotificationsCreated): void {
    if (this.pending.push(created) === 1) {
      this.live.enqueue(() => this.push());
    }
  }

  /** Pushes the pending notifications at the sites the reader sees now (a check before may have changed them). */
  private async push(): Promise<void> {
    const announcements = this.pending.splice(0);
    const reader = this.reader;
    if (reader === undefined) {
      return;
    }
    const rows = (await Promise.all(announcements.map((created) => this.deps.rowsOf(created))))
      .flat()
      .filter((row) => reader.siteIds === undefined || reader.siteIds.has(row.locationId))
      .sort((a, b) => a.id - b.id);
    if (rows.length === 0) {
      return;
    }
    const count = await this.deps.unreadCount(reader);
    for (const push of pushesOf(rows, count)) {
      this.send(push);
    }
  }

  private send(push: NotificationPush): void {
    this.live.send(JSON.stringify(push));
  }
}
