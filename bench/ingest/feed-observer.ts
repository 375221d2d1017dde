import WebSocket from 'ws';

/** The tree's `time` near its start (Id, Name, Status, Alarm come first), read without parsing 20 KB. */
const TIME_FIELD = /"time":"([^"]+)"/;

/** Publish time of a live-feed frame, from the ISO-8601 `time` the load generator writes; null if none. */
export function publishTimeOf(frame: string): number | null {
  const match = TIME_FIELD.exec(frame.slice(0, 400));
  if (match?.[1] === undefined) {
    return null;
  }
  const at = Date.parse(match[1]);
  return Number.isNaN(at) ? null : at;
}

export type FeedResult = {
  sockets: number;
  /** Frames of trees published in the window, and receive time − publish time of each, in ms. */
  frames: number;
  latenciesMs: number[];
  /** Sockets closed by the server before the end (a 4401/4403 would show here). */
  closedEarly: number;
};

/**
 * Browsers watching live feeds: one WebSocket per device on ws/device-data/<udf_id>/, each frame timed
 * against the publish time it carries. Runs in the bench process, apart from the load generator.
 */
export class FeedObserver {
  private readonly sockets: WebSocket[] = [];
  private readonly result: FeedResult = { sockets: 0, frames: 0, latenciesMs: [], closedEarly: 0 };
  private window = { from: Number.POSITIVE_INFINITY, to: Number.POSITIVE_INFINITY };
  private stopping = false;

  /** Opens the sockets and resolves once every one is open. */
  async open(baseUrl: string, udfIds: string[], token: string): Promise<void> {
    const wsBase = baseUrl.replace(/^http/, 'ws');
    await Promise.all(
      udfIds.map(
        (udfId) =>
          new Promise<void>((resolve, reject) => {
            const url = `${wsBase}/ws/device-data/${encodeURIComponent(udfId)}/?token=${token}`;
            const socket = new WebSocket(url);
            socket.once('open', () => resolve());
            socket.once('error', reject);
            socket.on('message', (data) => this.receive(String(data)));
            socket.on('close', (code) => {
              if (!this.stopping) {
                this.result.closedEarly += 1;
                reject(new Error(`live feed of ${udfId} closed with ${code}`));
              }
            });
            this.sockets.push(socket);
          }),
      ),
    );
    this.result.sockets = this.sockets.length;
  }

  /** From now on, frames count when their tree was published in [from, to); earlier counts are dropped. */
  measure(from: number, to: number): void {
    this.window = { from, to };
    this.result.frames = 0;
    this.result.latenciesMs = [];
  }

  /** What was seen of the current window so far. */
  take(): FeedResult {
    return { ...this.result, latenciesMs: [...this.result.latenciesMs] };
  }

  close(): void {
    this.stopping = true;
    for (const socket of this.sockets) {
      socket.terminate();
    }
  }

  private receive(frame: string): void {
    const receivedAt = Date.now();
    const publishedAt = publishTimeOf(frame);
    if (publishedAt === null || publishedAt < this.window.from || publishedAt >= this.window.to) {
      return;
    }
    this.result.frames += 1;
    this.result.latenciesMs.push(receivedAt - publishedAt);
  }
}
