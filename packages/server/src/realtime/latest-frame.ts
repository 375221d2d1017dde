import type { WebSocket } from 'ws';
import type { FanOutStats } from './bus';

/** A few large trees (≤ 256 KB each) or hundreds of usual ones: a slow browser's backlog ends here. */
export const LIVE_MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * The newest frame of each stream where only the latest counts (a device's tree), for one socket
 * (authenticated-socket.ts): a slow browser gets the latest frame of each stream, not a growing queue. While more
 * than maxBufferedBytes wait in the socket's buffer, or while the socket may not send (a check runs), a new frame
 * replaces the one held for its stream (counted as superseded); held frames go out, oldest stream first, when a
 * send in flight completes or when sending is allowed again (flush). A socket of one device has one stream; a
 * socket of a tab's devices one per device, so one busy device never drops another's tree.
 */
export class LatestFrame {
  /** The frame held per stream, in the order the streams first waited. */
  private readonly held = new Map<string, string>();
  private sendsInFlight = 0;

  constructor(
    private readonly socket: WebSocket,
    private readonly stats: FanOutStats,
    /** Whether the socket may send now (open, and its access confirmed). */
    private readonly maySend: () => boolean,
    private readonly maxBufferedBytes = LIVE_MAX_BUFFERED_BYTES,
  ) {}

  offer(text: string, stream = ''): void {
    if (this.held.has(stream)) {
      this.stats.superseded += 1;
    }
    this.held.set(stream, text);
    this.flush();
  }

  /**
   * Sends the held frame unless sending is not allowed or the buffer is over its limit; then the callback of a
   * send in flight (run once its bytes left for the network) tries again. Without a send in flight it sends.
   */
  flush(): void {
    while (this.held.size > 0 && this.maySend()) {
      if (this.sendsInFlight > 0 && this.socket.bufferedAmount > this.maxBufferedBytes) {
        return;
      }
      const [stream, text] = this.held.entries().next().value as [string, string];
      this.held.delete(stream);
      this.sendsInFlight += 1;
      this.socket.send(text, () => {
        this.sendsInFlight -= 1;
        this.flush();
      });
    }
  }

  drop(): void {
    this.held.clear();
  }
}
