/**
 * Spreads N devices evenly over each period instead of firing them on one timer tick: slot n belongs to
 * device n mod N and is due at startAt + n × period / N, so device i publishes at phase i/N of every
 * period. A caller that wakes late gets every missed slot at once and can read how late it was.
 */
export class SpreadSchedule {
  private next = 0;
  private readonly step: number;

  constructor(
    private readonly count: number,
    periodMs: number,
    private readonly startAt: number,
    private readonly stopAt: number,
  ) {
    this.step = periodMs / count;
  }

  /** When the next slot is due (Infinity once the schedule has ended). */
  get nextAt(): number {
    const at = this.startAt + this.next * this.step;
    return at < this.stopAt ? at : Number.POSITIVE_INFINITY;
  }

  /** Device indexes of every slot due at `now` not handed out yet, with how late the oldest one is. */
  takeDue(now: number): { devices: number[]; lateMs: number } {
    const devices: number[] = [];
    const firstAt = this.nextAt;
    while (this.nextAt <= now) {
      devices.push(this.next % this.count);
      this.next += 1;
    }
    return { devices, lateMs: devices.length === 0 ? 0 : now - firstAt };
  }
}
