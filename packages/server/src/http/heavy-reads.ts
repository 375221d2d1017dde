import {
  HEAVY_READ_WAIT_MS,
  HEAVY_READS_PER_PERSON,
  HEAVY_READS_QUEUED_PER_PERSON,
  LIMIT_MESSAGES,
} from '@vigil/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** The places of heavy reads per person (tests hold some). */
    heavyReads: HeavyReadPlaces;
  }
  interface FastifyContextConfig {
    /**
     * The route is a heavy read (a graph, a CSV export, a long page): a person runs at most
     * HEAVY_READS_PER_PERSON of them at once. A function decides per request (a page is heavy past 100 rows).
     */
    heavyRead?: boolean | ((request: FastifyRequest) => boolean);
  }
}

/** Seconds a refused heavy read is told to wait: about the time a graph or a page takes. */
const RETRY_AFTER_SECONDS = 5;

type Person = { running: number; waiting: Array<() => void> };

export type HeavyReadLimits = { running: number; queued: number; waitMs: number };

/**
 * Places for heavy reads per person on this instance: `running` at once, then up to `queued` wait in turn
 * for at most `waitMs` (a page opening several graphs at once is served, in turn); past that, 429.
 */
export class HeavyReadPlaces {
  private readonly people = new Map<number, Person>();

  constructor(
    private readonly limits: HeavyReadLimits = {
      running: HEAVY_READS_PER_PERSON,
      queued: HEAVY_READS_QUEUED_PER_PERSON,
      waitMs: HEAVY_READ_WAIT_MS,
    },
  ) {}

  /** Waits for a place of the person's; resolves with its release (idempotent), or throws 429. */
  async take(userId: number): Promise<() => void> {
    const person = this.people.get(userId) ?? { running: 0, waiting: [] };
    this.people.set(userId, person);
    if (person.running < this.limits.running) {
      person.running += 1;
      return this.releaseOf(userId, person);
    }
    if (person.waiting.length >= this.limits.queued) {
      throw busy();
    }
    await new Promise<void>((resolve, reject) => {
      const handOver = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        person.waiting.splice(person.waiting.indexOf(handOver), 1);
        reject(busy());
      }, this.limits.waitMs);
      person.waiting.push(handOver);
    });
    return this.releaseOf(userId, person);
  }

  /** Heavy reads the person runs now (tests). */
  runningOf(userId: number): number {
    return this.people.get(userId)?.running ?? 0;
  }

  /** Heavy reads of the person waiting for a place (tests). */
  waitingOf(userId: number): number {
    return this.people.get(userId)?.waiting.length ?? 0;
  }

  private releaseOf(userId: number, person: Person): () => void {
    let isReleased = false;
    return () => {
      if (isReleased) {
        return;
      }
      isReleased = true;
      // The place goes straight to the next in line, so a newcomer cannot overtake the queue.
      const next = person.waiting.shift();
      if (next !== undefined) {
        next();
        return;
      }
      person.running -= 1;
      if (person.running === 0) {
        this.people.delete(userId);
      }
    };
  }
}

function busy(): AppError {
  return new AppError(
    'rate_limited',
    LIMIT_MESSAGES.heavyReadsBusy(RETRY_AFTER_SECONDS),
    undefined,
    RETRY_AFTER_SECONDS,
  );
}

/**
 * Routes opt in with `config: { heavyRead }`; their signed-in person takes a place before the handler runs
 * and gives it back when the answer has gone out (streams included) or the connection closed. Counted per
 * instance: the load it bounds is this instance's (docs/permissions.md 'Limits').
 */
export function registerHeavyReadLimit(
  app: FastifyInstance,
  places = new HeavyReadPlaces(),
): HeavyReadPlaces {
  app.addHook('preHandler', async (request, reply) => {
    const heavy = request.routeOptions.config.heavyRead;
    const userId = request.authContext?.user.id;
    if (heavy === undefined || heavy === false || userId === undefined) {
      return;
    }
    if (typeof heavy === 'function' && !heavy(request)) {
      return;
    }
    const release = await places.take(userId);
    reply.raw.once('finish', release);
    reply.raw.once('close', release);
    // A browser that left while this read waited in line: its 'close' has already passed.
    if (reply.raw.destroyed || request.raw.destroyed) {
      release();
    }
  });
  return places;
}
