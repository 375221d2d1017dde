import { FEED_AUTH_TIMEOUT_MS, FeedAuthFrameSchema } from '@vigil/contracts';
import type { RawData, WebSocket } from 'ws';
import type { LatestTree } from '../ingest/ingest.service';
import type { RealtimeBus } from './bus';
import { type ControlEvent, concernsGrant, type FeedGrant } from './control-events';
import { checkFeedAccess, type FeedAccessDeps, type FeedCloseCode } from './feed-access';

export type FeedSocketDeps = FeedAccessDeps & {
  ingest: { latest(udfId: string): LatestTree | undefined };
  bus: RealtimeBus;
  log: { error(object: object, message: string): void };
  /** Re-checks access this often even without a signal (a signal lost while Redis was away). */
  recheckEveryMs?: number;
};

const CLOSE_REASONS: Record<FeedCloseCode, string> = { 4401: 'Invalid token.', 4403: 'Permission denied.' };
/** setTimeout's ceiling (about 24.8 days); a later expiry re-arms the timer when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const DEFAULT_RECHECK_MS = 5 * 60 * 1000;

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
 * FEED_AUTH_TIMEOUT_MS), sends the latest tree and every new one, and re-checks its access whenever a
 * control event can concern it, at its session's expiry and every few minutes. While a check runs, trees
 * are held (the newest only) and sent only if access still holds; otherwise the socket closes 4401 or 4403.
 */
export class FeedSocket {
  private token: string | undefined;
  private grant: FeedGrant | undefined;
  private isClosed = false;
  private isChecking = false;
  private isCheckDue = false;
  private held: string | undefined;
  private unsubscribe: (() => void) | undefined;
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
    if (this.isClosed || this.token === undefined) {
      return;
    }
    if (this.grant !== undefined && !concernsGrant(event, this.grant)) {
      return;
    }
    this.check();
  }

  private check(): void {
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
        const access = await checkFeedAccess(this.deps, this.token, this.udfId);
        if (this.isClosed) {
          return;
        }
        if (!access.ok) {
          this.close(access.code);
          return;
        }
        // A change announced while this check ran may not be in its answer: check again first.
        if (!this.isCheckDue) {
          this.admit(access.grant, access.expiresAt);
        }
      } while (this.isCheckDue);
    } catch (error) {
      this.deps.log.error({ err: error, udfId: this.udfId }, 'device feed access check failed');
      this.close(1011, 'Server error.');
    }
  }

  private admit(grant: FeedGrant, expiresAt: Date): void {
    this.grant = grant;
    this.armExpiry(expiresAt);
    if (this.unsubscribe === undefined) {
      const latest = this.deps.ingest.latest(this.udfId);
      if (latest !== undefined) {
        this.socket.send(latest.json);
      }
      this.unsubscribe = this.deps.bus.subscribe(this.udfId, (event) => this.handleTree(event.json));
      this.timers.recheck = setInterval(() => this.check(), this.deps.recheckEveryMs ?? DEFAULT_RECHECK_MS);
      this.timers.recheck.unref();
    } else if (this.held !== undefined) {
      this.socket.send(this.held);
    }
    this.held = undefined;
  }

  private handleTree(json: string): void {
    if (this.isClosed) {
      return;
    }
    if (this.isChecking) {
      this.held = json;
      return;
    }
    this.socket.send(json);
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

  private close(code: FeedCloseCode | 1011, reason?: string): void {
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
    this.onDispose();
  }
}
