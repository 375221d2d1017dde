import { LIVE_SOCKETS_PER_PERSON } from '@vigil/contracts';

/** Gives a socket's place back: call once, when the socket closes (later calls do nothing). */
export type ReleasePlace = () => void;

/**
 * A person's places for live sockets (every ws/ route together, docs/permissions.md 'Limits'): in this process
 * (LiveSocketCap), or shared by the instances through Redis (SharedLiveSocketCap).
 */
export interface LiveSocketPlaces {
  /** Takes a place for one socket of the person: its release, or undefined when the person holds them all. */
  take(userId: number): Promise<ReleasePlace | undefined>;
  /** Gives back every place this process holds (shutting down). */
  close(): Promise<void>;
}

/**
 * Live sockets per person in this process: exact for the sockets this instance holds. Alone it is the cap of a
 * single instance; SharedLiveSocketCap also keeps it as each instance's own bound and its fall-back without Redis.
 */
export class LiveSocketCap implements LiveSocketPlaces {
  private readonly open = new Map<number, number>();

  constructor(private readonly max = LIVE_SOCKETS_PER_PERSON) {}

  async take(userId: number): Promise<ReleasePlace | undefined> {
    return this.takeNow(userId);
  }

  /** take, at once: this process's count needs no waiting. */
  takeNow(userId: number): ReleasePlace | undefined {
    const count = this.open.get(userId) ?? 0;
    if (count >= this.max) {
      return undefined;
    }
    this.open.set(userId, count + 1);
    let isReleased = false;
    return () => {
      if (isReleased) {
        return;
      }
      isReleased = true;
      const left = (this.open.get(userId) ?? 1) - 1;
      if (left > 0) {
        this.open.set(userId, left);
      } else {
        this.open.delete(userId);
      }
    };
  }

  /** Sockets the person holds open on this instance. */
  countOf(userId: number): number {
    return this.open.get(userId) ?? 0;
  }

  async close(): Promise<void> {
    // The places are this process's memory: they go with it.
  }
}
