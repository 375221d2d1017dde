import {
  FEED_AUTH_TIMEOUT_MS,
  LIMIT_MESSAGES,
  LIVE_FEED_CLOSE,
  LIVE_SOCKET_CLOSE_TOO_MANY,
  type NotificationPush,
} from '@vigil/contracts';
import type { WebSocket } from 'ws';
import type { LiveSocketCap } from '../../limits/live-socket-cap';
import type { ControlEvent } from '../../realtime/control-events';
import { tokenOfAuthFrame } from '../../realtime/feed-socket';
import type { NotificationWithPlace } from './notifications.repo';

/** Who a socket serves, once its token was accepted. */
export type NotificationReader = {
  userId: number;
  sessionId: string;
  expiresAt: Date;
  /** Sites the person sees; undefined for staff (every site). */
  siteIds: ReadonlySet<number> | undefined;
  /** Unread notifications before the first read mark count from here. */
  dateJoined: Date;
};

export type NotificationSocketDeps = {
  /** Authenticates the token (two-factor gate included) and reads the sites; undefined closes 4401. */
  admit(token: string): Promise<NotificationReader | undefined>;
  /** The reader's unread count, with the sites the last check read. */
  unreadCount(reader: NotificationReader): Promise<number>;
  /** Groups new notifications into pushes (one per device), for one reader. */
  pushesOf(rows: readonly NotificationWithPlace[], count: number): NotificationPush[];
  log: { error(object: object, message: string): void };
  recheckEveryMs?: number;
  /** The person's live-socket places (limits/live-socket-cap.ts); none taken when absent. */
  liveSockets?: LiveSocketCap;
};

const DEFAULT_RECHECK_MS = 5 * 60 * 1000;
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * One ws/current-user-notifications/ socket (M section 7; docs/notifications.md 'Live'): authenticated by its
 * first frame `{"cmd":"auth","token"}` (or `?token=`), then a push `{count, notifications: []}` with the unread
 * count, and a push for each device whose new notifications are at a site the person sees. A revoked session,
 * a change of access or the session's expiry makes it check again; a failed check closes it 4401.
 */
export class NotificationSocket {
  private token: string | undefined;
  private reader: NotificationReader | undefined;
  private isClosed = false;
  /** Checks and pushes run one after another, so a push never goes out on access a check has just removed. */
  private queue: Promise<void> = Promise.resolve();
  private releasePlace: (() => void) | undefined;
  private readonly timers: { auth?: NodeJS.Timeout; expiry?: NodeJS.Timeout; recheck?: NodeJS.Timeout } = {};

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: NotificationSocketDeps,
    private readonly onDispose: () => void,
  ) {
    socket.on('close', () => this.dispose());
  }

  start(queryToken: string | undefined): void {
    if (queryToken !== undefined) {
      this.token = queryToken;
      this.enqueue(() => this.check());
      return;
    }
    this.timers.auth = setTimeout(() => this.close(LIVE_FEED_CLOSE.unauthenticated), FEED_AUTH_TIMEOUT_MS);
    this.socket.once('message', (data, isBinary) => {
      clearTimeout(this.timers.auth);
      this.token = tokenOfAuthFrame(data, isBinary);
      if (this.token === undefined) {
        this.close(LIVE_FEED_CLOSE.unauthenticated);
        return;
      }
      this.enqueue(() => this.check());
    });
  }

  /** Control events of every instance: new notifications are pushed, access changes re-checked. */
  handleControl(event: ControlEvent, rows: () => Promise<NotificationWithPlace[]>): void {
    if (this.isClosed || this.reader === undefined) {
      return;
    }
    const reader = this.reader;
    if (event.name === 'notifications-created') {
      const concerned = event.data.notifications.some(
        (item) => reader.siteIds === undefined || reader.siteIds.has(item.locationId),
      );
      if (concerned) {
        this.enqueue(() => this.push(rows));
      }
      return;
    }
    if (event.name === 'session-revoked') {
      const { sessionId, userId } = event.data;
      if (sessionId !== reader.sessionId && userId !== reader.userId) {
        return;
      }
    }
    this.enqueue(() => this.check());
  }

  private enqueue(step: () => Promise<void>): void {
    this.queue = this.queue
      .then(async () => {
        if (!this.isClosed) {
          await step();
        }
      })
      .catch((error: unknown) => {
        this.deps.log.error({ err: error }, 'notification socket failed');
        this.close(1011, 'Server error.');
      });
  }

  private async check(): Promise<void> {
    const reader = this.token === undefined ? undefined : await this.deps.admit(this.token);
    if (this.isClosed) {
      return;
    }
    if (reader === undefined) {
      this.close(LIVE_FEED_CLOSE.unauthenticated);
      return;
    }
    const isFirst = this.reader === undefined;
    if (isFirst && this.deps.liveSockets !== undefined) {
      this.releasePlace = this.deps.liveSockets.take(reader.userId);
      if (this.releasePlace === undefined) {
        this.close(LIVE_SOCKET_CLOSE_TOO_MANY, LIMIT_MESSAGES.liveSocketsTooMany);
        return;
      }
    }
    this.reader = reader;
    this.armExpiry(reader.expiresAt);
    if (isFirst) {
      this.timers.recheck = setInterval(
        () => this.enqueue(() => this.check()),
        this.deps.recheckEveryMs ?? DEFAULT_RECHECK_MS,
      );
      this.timers.recheck.unref();
      const count = await this.deps.unreadCount(reader);
      this.send({ device: null, location: null, count, notifications: [] });
    }
  }

  private async push(rows: () => Promise<NotificationWithPlace[]>): Promise<void> {
    const reader = this.reader;
    if (reader === undefined) {
      return;
    }
    const mine = (await rows()).filter(
      (row) => reader.siteIds === undefined || reader.siteIds.has(row.locationId),
    );
    if (mine.length === 0) {
      return;
    }
    const count = await this.deps.unreadCount(reader);
    for (const push of this.deps.pushesOf(mine, count)) {
      this.send(push);
    }
  }

  private send(push: NotificationPush): void {
    if (!this.isClosed) {
      this.socket.send(JSON.stringify(push));
    }
  }

  private armExpiry(expiresAt: Date): void {
    clearTimeout(this.timers.expiry);
    const delay = expiresAt.getTime() - Date.now();
    if (delay > MAX_TIMER_MS) {
      this.timers.expiry = setTimeout(() => this.armExpiry(expiresAt), MAX_TIMER_MS);
    } else {
      this.timers.expiry = setTimeout(() => this.close(LIVE_FEED_CLOSE.unauthenticated), Math.max(0, delay));
    }
    this.timers.expiry.unref();
  }

  private close(code: number, reason = 'Invalid token.'): void {
    if (this.isClosed) {
      return;
    }
    this.dispose();
    this.socket.close(code, reason);
  }

  private dispose(): void {
    if (this.isClosed) {
      return;
    }
    this.isClosed = true;
    clearTimeout(this.timers.auth);
    clearTimeout(this.timers.expiry);
    clearInterval(this.timers.recheck);
    this.releasePlace?.();
    this.onDispose();
  }
}
