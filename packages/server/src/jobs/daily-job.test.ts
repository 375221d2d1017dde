import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startDailyJob } from './daily-job';

describe('startDailyJob', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a minute after start, then every day, until stopped', () => {
    const run = vi.fn(async () => {});
    const job = startDailyJob(run);
    vi.advanceTimersByTime(59_999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(86_400_000 - 60_000);
    expect(run).toHaveBeenCalledTimes(2);
    job.stop();
    vi.advanceTimersByTime(3 * 86_400_000);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
