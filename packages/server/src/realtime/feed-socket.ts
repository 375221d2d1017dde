import {
  FEED_AUTH_TIMEOUT_MS,
  FeedAuthFrameSchema,
  LIMIT_MESSAGES,
  LIVE_SOCKET_CLOSE_TOO_MANY,
} from '@vigil/contracts';
import type { RawData, WebSocket } from 'ws';
import { isRecordedVisible } from '../access/device-history';
import type { LiveSocketCap } from '../limits/live-socket-cap';
import type { LatestTree } from '../modules/ingest/ingest.service';
import type { RealtimeBus } from './bus';
import { type ControlEvent, concernsGrant, type FeedGrant } from './control-events';
import type { FeedAccess, FeedCloseCode } from './feed-access';

export type FeedSocketDeps = {
  /** checkFeedAccess with its dependencies (feed-access.ts). */
  checkAccess(token: string | undefined, udfId: string): Promise<FeedAccess>;
  ingest: { latest(udfId: string): LatestTree | undefined };
  bus: RealtimeBus;
  log: { error(object: object, message: string): void };
  /** Re-checks access this often even without a signal (a signal lost while Redis was away). */
  recheckEveryMs?: number;
  /** Above this many bytes waiting in the socket's buffer, only the newest tree is kept for later. */
  maxBufferedBytes?: number;
  /** The person's live-socket places (limits/live-socket-cap.ts); none taken when absent. */
  liveSockets?: LiveSocketCap;
};

const CLOSE_REASONS: Record<FeedCloseCode, string> = { 4401: 'Invalid token.', 4403: 'Permission denied.' };
/** setTimeout's ceiling (about 24.8 days); a later expiry re-arms the timer when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const DEFAULT_RECHECK_MS = 5 * 60 * 1000;
/** A few large trees (≤ 256 KB each) or hundreds of usual ones: a slow browser's backlog ends here. */
export const FEED_MAX_BUFFERED_BYTES = 1024 * 1024;

/** The token of an auth frame `{"cmd":"auth","token":"…"}`, or undefined for anything else. */
export function tokenOfAuthFrame(data: RawData, isBinary: boolean): string | undefined {
  if (isBinary) {
    return undefined;
  }
  try {
    const frame = FeedAuthFrameSchema.safeParse(JSON.parse(data.toString()));
    return frame.success ? frame.data.token : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One ws/device-data/<udf_id>/ socket: authenticates (query token, or else the first frame within
 * FEED_AUTH_TIMEOUT_MS), sends the latest tree (unless received before the device came to the person's client)
 * and every new one, and re-checks its access whenever a control event can concern it, at its session's expiry
 * and every few minutes. While a check runs, trees
 * are held (the newest only) and sent only if access still holds; otherwise the socket closes 4401 or 4403.
 * A slow browser gets the latest tree, not a growing queue: while more than maxBufferedBytes wait in the
 * socket's buffer, a new tree replaces the one held, which is sent when a send in flight completes.
 */
export class FeedSocket {
  private token: string | undefined;
  private grant: FeedGrant | undefined;
  private isClosed = false;
  private isChecking = false;
  private isCheckDue = false;
  /** Access was confirmed by the last check and no other is due: trees may go out. */
  private isConfirmed = false;
  private held: string | undefined;
  private sendsInFlight = 0;
  private unsubscribe: (() => void) | undefined;
  private releasePlace: (() => void) | undefined;
  private readonly timers: { auth?: NodeJS.Timeout; expiry?: NodeJS.Timeout; recheck?: NodeJS.Timeout } = {};

  constructor(
    private readonly socket: WebSocket,
    private readonly udfId: string,
    private readonly deps: FeedSocketDeps,
    private readonly onDispose: () => void,
  ) {
    socket.on('close', () => this.dispose());
  }

  /** Starts with the query token, or waits for the auth frame when there is none. */
  start(queryToken: string | undefined): void {
    if (queryToken !== undefined) {
      this.token = queryToken;
      this.check();
      return;
    }
    this.timers.auth = setTimeout(() => this.close(4401), FEED_AUTH_TIMEOUT_MS);
    this.socket.once('message', (data, isBinary) => {
      clearTimeout(this.timers.auth);
      this.token = tokenOfAuthFrame(data, isBinary);
      if (this.token === undefined) {
        this.close(4401);
        return;
      }
      this.check();
    });
  }

  /** A control event from any instance: re-check if it can concern this socket (any, before the grant). */
  handleControl(event: ControlEvent): void {
    if (this.isClosed || this.token === undefined || event.name === 'notifications-created') {
      return;
    }
    if (this.grant !== undefined && !concernsGrant(event, this.grant)) {
      return;
    }
    this.check();
  }

  private check(): void {
    this.isConfirmed = false;
    if (this.isChecking) {
      this.isCheckDue = true;
      return;
    }
    this.isChecking = true;
    void this.runChecks().finally(() => {
      this.isChecking = false;
    });
  }

  private async runChecks(): Promise<void> {
    try {
      do {
        this.isCheckDue = false;
        const access = await this.deps.checkAccess(this.token, this.udfId);
        if (this.isClosed) {
          return;
        }
        if (!access.ok) {
          this.close(access.code);
          return;
        }
        // A change announced while this check ran may not be in its answer: check again first.
        if (!this.isCheckDue) {
          this.admit(access.grant, access.expiresAt, access.visibleSince);
        }
      } while (this.isCheckDue);
    } catch (error) {
      this.deps.log.error({ err: error, udfId: this.udfId }, 'device feed access check failed');
      this.close(1011, 'Server error.');
    }
  }

  private admit(grant: FeedGrant, expiresAt: Date, visibleSince: Date | undefined): void {
    if (this.grant === undefined && this.deps.liveSockets !== undefined) {
      this.releasePlace = this.deps.liveSockets.take(grant.userId);
      if (this.releasePlace === undefined) {
        this.close(LIVE_SOCKET_CLOSE_TOO_MANY, LIMIT_MESSAGES.liveSocketsTooMany);
        return;
      }
    }
    this.grant = grant;
    this.armExpiry(expiresAt);
    if (this.unsubscribe === undefined) {
      // A tree received before the device came to the person's client is the previous owner's: the socket
      // starts as for a device that has not reported yet, and the device's next tree is its first frame.
      const latest = this.deps.ingest.latest(this.udfId);
      this.held =
        latest !== undefined && isRecordedVisible(latest.receivedAt, visibleSince) ? latest.json : undefined;
      this.unsubscribe = this.deps.bus.subscribe(this.udfId, (event) => this.handleTree(event.json));
      this.timers.recheck = setInterval(() => this.check(), this.deps.recheckEveryMs ?? DEFAULT_RECHECK_MS);
      this.timers.recheck.unref();
    }
    this.isConfirmed = true;
    this.sendHeld();
  }

  private handleTree(json: string): void {
    if (this.isClosed) {
      return;
    }
    if (this.held !== undefined) {
      this.deps.bus.stats.superseded += 1;
    }
    this.held = json;
    this.sendHeld();
  }

  /**
   * Sends the held tree unless a check runs or the buffer is over its limit; then the callback of a send
   * in flight (run once its bytes left for the network) tries again. Without a send in flight it sends.
   */
  private sendHeld(): void {
    if (this.held === undefined || this.isClosed || !this.isConfirmed) {
      return;
    }
    const maxBufferedBytes = this.deps.maxBufferedBytes ?? FEED_MAX_BUFFERED_BYTES;
    if (this.sendsInFlight > 0 && this.socket.bufferedAmount > maxBufferedBytes) {
      return;
    }
    const json = this.held;
    this.held = undefined;
    this.sendsInFlight += 1;
    this.socket.send(json, () => {
      this.sendsInFlight -= 1;
      this.sendHeld();
    });
  }

  /** Closes 4401 when the session expires (its token expires with it). */
  private armExpiry(expiresAt: Date): void {
    clearTimeout(this.timers.expiry);
    const delay = expiresAt.getTime() - Date.now();
    if (delay > MAX_TIMER_MS) {
      this.timers.expiry = setTimeout(() => this.armExpiry(expiresAt), MAX_TIMER_MS);
    } else {
      this.timers.expiry = setTimeout(() => this.close(4401), Math.max(0, delay));
    }
    this.timers.expiry.unref();
  }

  private close(code: FeedCloseCode | typeof LIVE_SOCKET_CLOSE_TOO_MANY | 1011, reason?: string): void {
    if (this.isClosed) {
      return;
    }
    this.dispose();
    this.socket.close(code, reason ?? CLOSE_REASONS[code as FeedCloseCode]);
  }

  private dispose(): void {
    if (this.isClosed) {
      return;
    }
    this.isClosed = true;
    this.held = undefined;
    clearTimeout(this.timers.auth);
    clearTimeout(this.timers.expiry);
    clearInterval(this.timers.recheck);
    this.unsubscribe?.();
    this.releasePlace?.();
    this.onDispose();
  }
}
