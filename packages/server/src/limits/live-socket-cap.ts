import { LIVE_SOCKETS_PER_PERSON } from '@vigil/contracts';

/**
 * Live sockets per person on this instance (ws/device-data/ and ws/current-user-notifications/ together):
 * a person's sockets are held by this process, so the count is exact here and needs no shared store; behind a
 * load balancer each instance allows its own LIVE_SOCKETS_PER_PERSON (docs/permissions.md 'Limits').
 */
export class LiveSocketCap {
  private readonly open = new Map<number, number>();

  constructor(private readonly max = LIVE_SOCKETS_PER_PERSON) {}

  /** Takes a place for one socket of the person: its release (call once, at close), or undefined when full. */
  take(userId: number): (() => void) | undefined {
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
}
