import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/database';
import type { TelemetryWrite } from './telemetry-writer';
import { WriterLanes } from './writer-lanes';

/** A database whose transactions fail at once, recording when each began (fake time, ms). */
function recordingDatabase() {
  const began: number[] = [];
  const db = {
    transaction: vi.fn(async () => {
      began.push(Date.now());
      throw new Error('no database in this test');
    }),
  } as unknown as Database;
  return { db, began };
}

const writeOf = (deviceId: number): TelemetryWrite => ({
  deviceId,
  at: new Date(),
  digest: Buffer.from([deviceId]),
});

describe('writer lanes', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('flush in turn: lane i first flushes i/count of an interval after lane 0, then every interval', async () => {
    vi.useFakeTimers({ now: 0 });
    const { db, began } = recordingDatabase();
    const lanes = new WriterLanes(db, { lanes: 4, flushMs: 100 });
    const writeAll = () =>
      Promise.all([0, 1, 2, 3].map((device) => lanes.write(writeOf(device)).catch(() => 'failed')));

    const first = writeAll();
    await vi.advanceTimersByTimeAsync(99);
    expect(began).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(began).toEqual([100, 125, 150, 175]);
    await expect(first).resolves.toEqual(['failed', 'failed', 'failed', 'failed']);

    const second = writeAll();
    await vi.advanceTimersByTimeAsync(100);
    expect(began.slice(4)).toEqual([200, 225, 250, 275]);
    await second;
  });

  it('never starts a lane stopped before its first flush', async () => {
    vi.useFakeTimers({ now: 0 });
    const { db, began } = recordingDatabase();
    const lanes = new WriterLanes(db, { lanes: 2, flushMs: 100 });
    await lanes.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(began).toEqual([]);
  });
});
