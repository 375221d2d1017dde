import { describe, expect, it } from 'vitest';
import { HeavyReadPlaces } from './heavy-reads';

describe('heavy read places per person', () => {
  const limits = { running: 2, queued: 1, waitMs: 60_000 };

  it('runs two at once, queues one and hands a released place to it, refuses past the queue', async () => {
    const places = new HeavyReadPlaces(limits);
    const first = await places.take(1);
    await places.take(1);
    let isQueuedRunning = false;
    const queued = places.take(1).then((release) => {
      isQueuedRunning = true;
      return release;
    });
    await expect(places.take(1)).rejects.toMatchObject({ code: 'rate_limited', retryAfterSeconds: 5 });
    // Another person has places of their own.
    await places.take(2);

    first();
    first();
    (await queued)();
    expect(isQueuedRunning).toBe(true);
    expect(places.runningOf(1)).toBe(1);
  });

  it('refuses a read that waited its whole turn', async () => {
    const places = new HeavyReadPlaces({ ...limits, running: 1, waitMs: 10 });
    const release = await places.take(7);
    await expect(places.take(7)).rejects.toMatchObject({ code: 'rate_limited' });
    release();
    expect(places.runningOf(7)).toBe(0);
    (await places.take(7))();
  });
});
