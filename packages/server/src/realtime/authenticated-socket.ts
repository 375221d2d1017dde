import {
  FEED_AUTH_TIMEOUT_MS,
  LIMIT_MESSAGES,
  LIVE_FEED_CLOSE,
  LIVE_SOCKET_CLOSE_TOO_MANY,
} from '@vigil/contracts';
import type { WebSocket } from 'ws';
import type { LiveSocketPlaces, ReleasePlace } from '../limits/live-socket-cap';
import type { RealtimeBus } from './bus';
import type { ControlEvent } from './control-events';
import { LatestFrame, LIVE_MAX_BUFFERED_BYTES } from './latest-frame';
import type { EveryRoomName, RoomHandler, RoomIds, RoomName } from './rooms';
import { SocketRooms } from './socket-rooms';
import {
  type AccessChange,
  type Authorization,
  concernsSocket,
  type SocketCloseCode,
  type SocketHolder,
  tokenOfAuthFrame,
} from './socket-rules';

/** What a domain's socket gives the base: its token check, its access rule and what it does once admitted. */
export type AuthenticatedSocketHooks<H extends SocketHolder, G> = {
  /** The person behind a raw token (the two-factor gate included); undefined closes 4401. */
  authenticate(token: string): Promise<H | undefined>;
  /** The socket's access to its rooms, read afresh at every check; a refusal closes with its code. */
  authorize(holder: H): Promise<Authorization<G>>;
  /**
   * Whether an access change naming something (a site, a device, a client) can concern this grant; a change
   * naming nothing or the socket's person always does. Every change does when absent.
   */
  isConcernedBy?(change: AccessChange, grant: G): boolean;
  /** After every check that keeps the socket: the first one (isFirst) joins its rooms and sends its first frame. */
  onAuthorized(grant: G, isFirst: boolean): void | Promise<void>;
};

export type AuthenticatedSocketDeps = {
  bus: RealtimeBus;
  log: { error(object: object, message: string): void };
  /** What the log says when a check or a step of the socket fails (the socket closes 1011). */
  failure: { message: string; fields?: object };
  /** Re-checks access this often even without a signal (a signal lost while Redis was away). */
  recheckEveryMs?: number;
  /** Above this many bytes waiting in the socket's buffer, sendLatest keeps only the newest frame for later. */
  maxBufferedBytes?: number;
  /** The person's live-socket places (limits/live-socket-cap.ts); none taken when absent. */
  liveSockets?: LiveSocketPlaces;
  /** How long a socket without a query token waits for its auth frame. */
  authTimeoutMs?: number;
};

type CloseCode = SocketCloseCode | typeof LIVE_SOCKET_CLOSE_TOO_MANY | 1011;

const CLOSE_REASONS: Record<CloseCode, string> = {
  4401: 'Invalid token.',
  4403: 'Permission denied.',
  [LIVE_SOCKET_CLOSE_TOO_MANY]: LIMIT_MESSAGES.liveSocketsTooMany,
  1011: 'Server error.',
};
/** setTimeout's ceiling (about 24.8 days); a later expiry re-arms the timer when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const DEFAULT_RECHECK_MS = 5 * 60 * 1000;

/**
 * The lifecycle every live socket shares (ws/device-data/, ws/current-user-notifications/): the token from
 * `?token=` or else a first frame `{"cmd":"auth","token"}` within FEED_AUTH_TIMEOUT_MS (4401 otherwise), the
 * domain's access check (4401 or 4403), the person's live-socket place (4429), and re-checks whenever a control
 * event can concern it, at its session's expiry (4401) and every few minutes. Checks and the domain's own steps
 * (enqueue) run one after another. The socket's rooms (joinRooms, socket-rooms.ts) are left when it closes.
 * A slow browser gets the latest frame, not a growing queue (sendLatest, latest-frame.ts); while a check runs,
 * frames are held (the newest only) and sent only if access still holds.
 */
export class AuthenticatedSocket<H extends SocketHolder, G> {
  private token: string | undefined;
  private holder: H | undefined;
  private grant: G | undefined;
  private isClosed = false;
  private isCheckQueued = false;
  /** Access was confirmed by the last check and no other is due: held frames may go out. */
  private isConfirmed = false;
  private queue: Promise<void> = Promise.resolve();
  private readonly rooms: SocketRooms;
  private readonly latest: LatestFrame;
  private stopControl: (() => void) | undefined;
  private releasePlace: ReleasePlace | undefined;
  private readonly timers: { auth?: NodeJS.Timeout; expiry?: NodeJS.Timeout; recheck?: NodeJS.Timeout } = {};

  constructor(
    private readonly socket: WebSocket,
    private readonly hooks: AuthenticatedSocketHooks<H, G>,
    private readonly deps: AuthenticatedSocketDeps,
  ) {
    this.rooms = new SocketRooms(deps.bus);
    this.latest = new LatestFrame(
      socket,
      deps.bus.stats,
      () => !this.isClosed && this.isConfirmed,
      deps.maxBufferedBytes ?? LIVE_MAX_BUFFERED_BYTES,
    );
    socket.on('close', () => this.dispose());
  }

  /** Starts with the query token, or waits for the auth frame when there is none. */
  start(queryToken: string | undefined): void {
    if (this.isClosed) {
      return;
    }
    this.stopControl = this.deps.bus.onControl((event) => this.handleControl(event));
    if (queryToken !== undefined) {
      this.token = queryToken;
      this.requestCheck();
      return;
    }
    const unauthenticated = LIVE_FEED_CLOSE.unauthenticated;
    this.timers.auth = setTimeout(
      () => this.close(unauthenticated),
      this.deps.authTimeoutMs ?? FEED_AUTH_TIMEOUT_MS,
    );
    this.socket.once('message', (data, isBinary) => {
      clearTimeout(this.timers.auth);
      this.token = tokenOfAuthFrame(data, isBinary);
      if (this.token === undefined) {
        this.close(unauthenticated);
        return;
      }
      this.requestCheck();
    });
  }

  /** Runs a step of the domain's after the checks and steps before it, unless the socket closed meanwhile. */
  enqueue(step: () => Promise<void>): void {
    this.queue = this.queue
      .then(async () => {
        if (!this.isClosed) {
          await step();
        }
      })
      .catch((error: unknown) => {
        this.deps.log.error({ err: error, ...this.deps.failure.fields }, this.deps.failure.message);
        this.close(1011);
      });
  }

  /**
   * Makes the socket's rooms named `name` exactly those of `ids` (every room of the name for 'every'); its
   * rooms of other names stay. A room it is in already keeps its first handler.
   */
  joinRooms<N extends RoomName>(
    name: N,
    ids: readonly RoomIds[N][] | (N extends EveryRoomName ? 'every' : never),
    handler: RoomHandler<N>,
  ): void {
    if (!this.isClosed) {
      this.rooms.join(name, ids, handler);
    }
  }

  /** Sends a frame at once (a frame each of which counts, like a notification push). */
  send(text: string): void {
    if (!this.isClosed) {
      this.socket.send(text);
    }
  }

  /**
   * Sends the newest frame of a stream where only the latest counts (a device's tree; `stream` names it when a
   * socket carries several, e.g. a tab's devices): held while a check runs or the buffer is over its limit, and
   * replaced by a newer one of the same stream meanwhile (counted as superseded).
   */
  sendLatest(text: string, stream?: string): void {
    if (!this.isClosed) {
      this.latest.offer(text, stream);
    }
  }

  /**
   * Checks access again, as a control event does: for a domain event of the socket's own room that changes what
   * the socket follows (a tab's bound devices), answered through `authorize` and `onAuthorized`.
   */
  recheck(): void {
    if (!this.isClosed && this.token !== undefined) {
      this.requestCheck();
    }
  }

  /** A control event from any instance: re-check if it can concern this socket (any, before the grant). */
  private handleControl(event: ControlEvent): void {
    if (this.isClosed || this.token === undefined) {
      return;
    }
    if (
      this.holder !== undefined &&
      this.grant !== undefined &&
      !concernsSocket(event, this.holder, this.grant, this.hooks.isConcernedBy)
    ) {
      return;
    }
    this.requestCheck();
  }

  private requestCheck(): void {
    this.isConfirmed = false;
    if (this.isCheckQueued) {
      return;
    }
    this.isCheckQueued = true;
    this.enqueue(async () => {
      this.isCheckQueued = false;
      await this.check();
    });
  }

  private async check(): Promise<void> {
    const holder = this.token === undefined ? undefined : await this.hooks.authenticate(this.token);
    if (this.isClosed) {
      return;
    }
    if (holder === undefined) {
      this.close(LIVE_FEED_CLOSE.unauthenticated);
      return;
    }
    const access = await this.hooks.authorize(holder);
    if (this.isClosed) {
      return;
    }
    if (!access.ok) {
      this.close(access.code);
      return;
    }
    // A change announced while this check ran may not be in its answer: the check queued after it decides.
    if (!this.isCheckQueued) {
      await this.admit(holder, access.grant);
    }
  }

  private async admit(holder: H, grant: G): Promise<void> {
    const isFirst = this.grant === undefined;
    if (isFirst && this.deps.liveSockets !== undefined) {
      // Shared places ask Redis: the socket may close meanwhile, and then gives its place straight back.
      this.releasePlace = await this.deps.liveSockets.take(holder.user.id);
      if (this.isClosed || this.releasePlace === undefined) {
        this.releasePlace?.();
        this.close(LIVE_SOCKET_CLOSE_TOO_MANY);
        return;
      }
    }
    this.holder = holder;
    this.grant = grant;
    this.armExpiry(holder.session.expiresAt);
    if (isFirst) {
      this.timers.recheck = setInterval(
        () => this.requestCheck(),
        this.deps.recheckEveryMs ?? DEFAULT_RECHECK_MS,
      );
      this.timers.recheck.unref();
    }
    await this.hooks.onAuthorized(grant, isFirst);
    if (!this.isCheckQueued) {
      this.isConfirmed = true;
      this.latest.flush();
    }
  }

  /** Closes 4401 when the session expires (its token expires with it). */
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

  private close(code: CloseCode): void {
    if (this.isClosed) {
      return;
    }
    this.dispose();
    this.socket.close(code, CLOSE_REASONS[code]);
  }

  private dispose(): void {
    if (this.isClosed) {
      return;
    }
    this.isClosed = true;
    this.latest.drop();
    clearTimeout(this.timers.auth);
    clearTimeout(this.timers.expiry);
    clearInterval(this.timers.recheck);
    this.rooms.leaveAll();
    this.stopControl?.();
    this.releasePlace?.();
  }
}
