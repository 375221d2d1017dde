import { describe, expect, it } from 'vitest';
import { SpreadSchedule } from './load-schedule';

describe('SpreadSchedule', () => {
  it('spreads the devices evenly over each period', () => {
    const schedule = new SpreadSchedule(4, 1000, 10_000, 20_000);
    const due = [10_000, 10_250, 10_500, 10_750, 11_000].map((at) => schedule.takeDue(at).devices);
    expect(due).toEqual([[0], [1], [2], [3], [0]]);
  });

  it('hands out every missed slot at once and says how late the oldest is', () => {
    const schedule = new SpreadSchedule(4, 1000, 10_000, 20_000);
    expect(schedule.takeDue(9_999)).toEqual({ devices: [], lateMs: 0 });
    expect(schedule.takeDue(10_600)).toEqual({ devices: [0, 1, 2], lateMs: 600 });
    expect(schedule.nextAt).toBe(10_750);
  });

  it('ends at the stop time', () => {
    const schedule = new SpreadSchedule(2, 1000, 0, 1000);
    expect(schedule.takeDue(5000).devices).toEqual([0, 1]);
    expect(schedule.nextAt).toBe(Number.POSITIVE_INFINITY);
  });
});
