import type { Redis } from 'ioredis';

/** Connection chores of the Redis bus (redis-bus.ts): start-up wait, closing, and throttled error logs. */

export type RedisBusLog = {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
};

const ERROR_LOG_INTERVAL_MS = 10_000;

/**
 * Logs errors at most once per 10 s: Redis being away would otherwise log every publish. Counts the live
 * frames dropped in between, so the next line says how many.
 */
export class ThrottledErrorLog {
  private lastErrorLogAt = 0;
  private droppedSinceLog = 0;

  constructor(private readonly log: RedisBusLog) {}

  /** Logs unless a line was logged within the interval; returns whether it logged. */
  error(object: object, message: string): boolean {
    const now = Date.now();
    if (now - this.lastErrorLogAt < ERROR_LOG_INTERVAL_MS) {
      return false;
    }
    this.lastErrorLogAt = now;
    this.log.error(object, message);
    return true;
  }

  dropped(message: string, error?: unknown): void {
    this.droppedSinceLog += 1;
    if (this.error({ err: error, dropped: this.droppedSinceLog }, `${message}; live frames dropped`)) {
      this.droppedSinceLog = 0;
    }
  }
}

/**
 * Connects both connections and waits for `ready` (the control channel subscribed); resolves after
 * `timeoutMs` at the latest with a warning, as ioredis keeps retrying.
 */
export async function connectWithin(
  connections: Redis[],
  ready: Promise<void>,
  timeoutMs: number,
  log: RedisBusLog,
  errors: ThrottledErrorLog,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const connected = Promise.all(connections.map((connection) => connection.connect())).then(() => ready);
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const outcome = await Promise.race([connected, timedOut]);
    if (outcome === 'timeout') {
      log.warn({ timeoutMs }, 'redis not reachable yet; live feed fan-out waits for it');
    }
  } catch (error) {
    errors.error({ err: error }, 'redis connection failed; retrying');
  } finally {
    clearTimeout(timer);
    connected.catch(() => {});
  }
}

/** QUIT when connected (pending replies arrive first), otherwise drop the connection and its retries. */
export async function closeConnection(connection: Redis): Promise<void> {
  if (connection.status !== 'ready') {
    connection.disconnect();
    return;
  }
  try {
    await connection.quit();
  } catch {
    connection.disconnect();
  }
}
