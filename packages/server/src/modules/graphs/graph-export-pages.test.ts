import { describe, expect, it } from 'vitest';
import type { ExportCursor, ExportRow, ExportSource } from './graph-export.repo';
import { type ExportReader, nextCursor, planExport, sensorPages } from './graph-export-pages';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = new Date('2026-07-01T12:20:40Z');

const row = (ms: number, value: number): ExportRow => ({
  ts: new Date(ms),
  value,
  min: null,
  max: null,
  last: null,
  status: 0,
  inAlarm: false,
});

/** An in-memory table read the way the repo reads it (raw: ts >= after, offset skip; roll-ups: ts > after). */
function memoryReader(rows: ExportRow[], tail: ExportRow[] = []) {
  const calls: Array<{ cursor: ExportCursor | null; returned: number }> = [];
  const reader: ExportReader = {
    page: async (source: ExportSource, _key, range, cursor, limit) => {
      const inRange = rows.filter((r) => r.ts >= range.from && r.ts < range.to);
      const after =
        cursor === null
          ? inRange
          : source === 'raw'
            ? inRange.filter((r) => r.ts >= cursor.after).slice(cursor.skip)
            : inRange.filter((r) => r.ts > cursor.after);
      const page = after.slice(0, limit);
      calls.push({ cursor, returned: page.length });
      return page;
    },
    tail: async () => tail,
    progress: async () => undefined,
  };
  return { reader, calls };
}

async function collect(pages: AsyncGenerator<ExportRow[]>): Promise<ExportRow[][]> {
  const result: ExportRow[][] = [];
  for await (const page of pages) {
    result.push(page);
  }
  return result;
}

describe('planExport', () => {
  const range = { from: new Date(NOW.getTime() - 24 * HOUR), to: NOW };

  it('reads raw rows as they are stored', () => {
    expect(planExport('raw', range, undefined)).toEqual({ source: 'raw', stored: range, tail: null });
  });

  it('reads stored buckets up to the roll-up progress, then computes the rest', () => {
    const done = new Date('2026-07-01T12:19:00Z');
    expect(planExport('1m', range, done)).toEqual({
      source: '1m',
      stored: { from: new Date('2026-06-30T12:20:00Z'), to: done },
      tail: { from: done, to: NOW },
    });
  });

  it('computes at most the last hour of minutes (a day of hours) when the job is behind or never ran', () => {
    expect(planExport('1m', range, undefined).tail?.from).toEqual(new Date('2026-07-01T11:20:00Z'));
    const month = { from: new Date(NOW.getTime() - 30 * 24 * HOUR), to: NOW };
    expect(planExport('1h', month, new Date('2026-06-01T00:00:00Z')).tail?.from).toEqual(
      new Date('2026-06-30T12:00:00Z'),
    );
    expect(planExport('1h', month, NOW).tail).toBeNull();
  });
});

describe('sensorPages', () => {
  it('reads keyset pages one at a time, only when the consumer asks for the next', async () => {
    const start = Date.parse('2026-07-01T11:00:00Z');
    const rows = Array.from({ length: 23 }, (_, i) => row(start + i * 1000, i));
    const { reader, calls } = memoryReader(rows);
    const plan = planExport('raw', { from: new Date(start), to: NOW }, undefined);
    const pages = sensorPages(reader, plan, 1, 5);

    expect(calls).toHaveLength(0);
    await pages.next();
    expect(calls).toHaveLength(1);
    await pages.next();
    expect(calls).toHaveLength(2);
    const rest = await collect(pages);
    expect(rest.map((page) => page.length)).toEqual([5, 5, 3]);
    expect(calls.map((call) => call.returned)).toEqual([5, 5, 5, 5, 3]);
    expect(calls[1]?.cursor).toEqual({ after: new Date(start + 4000), skip: 1 });
  });

  it('never repeats or loses raw readings sharing a time across a page boundary', async () => {
    const t = Date.parse('2026-07-01T11:30:00Z');
    // Seven readings at one instant: pages of 3 end inside the run twice.
    const rows = [row(t - 1000, 0), ...Array.from({ length: 7 }, (_, i) => row(t, i + 1)), row(t + 1000, 8)];
    const { reader, calls } = memoryReader(rows);
    const plan = planExport('raw', { from: new Date(t - HOUR), to: NOW }, undefined);
    const values = (await collect(sensorPages(reader, plan, 1, 3))).flat().map((r) => r.value);
    expect(values).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(calls.map((call) => call.cursor?.skip ?? null)).toEqual([null, 2, 5, 1]);
  });

  it('pages stored buckets by time, then adds the computed tail', async () => {
    const from = Date.parse('2026-07-01T10:00:00Z');
    const rows = Array.from({ length: 12 }, (_, i) => row(from + i * MINUTE, i));
    const { reader } = memoryReader(rows, [row(from + 12 * MINUTE, 12)]);
    const plan = planExport('1m', { from: new Date(from), to: NOW }, new Date(from + 12 * MINUTE));
    const pages = await collect(sensorPages(reader, plan, 1, 4));
    expect(pages.map((page) => page.map((r) => r.value))).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9, 10, 11],
      [12],
    ]);
  });

  it('moves the cursor past the rows already sent at the last time', () => {
    const t = Date.parse('2026-07-01T11:30:00Z');
    expect(nextCursor(null, [row(t - 1, 0), row(t, 1), row(t, 2)])).toEqual({ after: new Date(t), skip: 2 });
    expect(nextCursor({ after: new Date(t), skip: 2 }, [row(t, 3)])).toEqual({ after: new Date(t), skip: 3 });
    expect(nextCursor({ after: new Date(t), skip: 2 }, [row(t, 3), row(t + 1, 4)])).toEqual({
      after: new Date(t + 1),
      skip: 1,
    });
  });
});
