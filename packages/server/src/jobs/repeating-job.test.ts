import { describe, expect, it } from 'vitest';
import { RepeatingJob } from './repeating-job';

describe('RepeatingJob', () => {
  it('repeats the step while it reports more work, one run at a time, and drains after a run in progress', async () => {
    const log: string[] = [];
    let left = 3;
    let running = 0;
    const job = new RepeatingJob(
      async () => {
        running += 1;
        expect(running).toBe(1);
        await new Promise((resolve) => setImmediate(resolve));
        log.push(`step ${left}`);
        running -= 1;
        left = Math.max(0, left - 1);
        return left > 0;
      },
      { tickMs: 60_000, onError: () => undefined },
    );
    await Promise.all([job.drain(), job.drain()]);
    expect(log).toEqual(['step 3', 'step 2', 'step 1', 'step 0']);
  });

  it("rejects a drain with the step's error and reports timer runs' errors, and keeps working after", async () => {
    const errors: unknown[] = [];
    let fail = true;
    const job = new RepeatingJob(
      async () => {
        if (fail) {
          throw new Error('database away');
        }
        return false;
      },
      { tickMs: 5, onError: (error) => errors.push(error) },
    );
    await expect(job.drain()).rejects.toThrow('database away');
    job.start();
    while (errors.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    fail = false;
    await job.drain();
    await job.stop();
    expect(errors.length).toBeGreaterThan(0);
  });
});
