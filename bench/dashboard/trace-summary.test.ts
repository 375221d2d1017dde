import { describe, expect, it } from 'vitest';
import { summariseTrace, type TraceEvent } from './trace-summary';

const main = { pid: 1, tid: 7 };
const x = (name: string, ts: number, dur: number, at = main): TraceEvent => ({
  name,
  ph: 'X',
  ts,
  dur,
  tdur: dur / 2,
  ...at,
});

describe('dashboard bench trace summary', () => {
  it('sums top-level tasks (wall and CPU) and self CPU times of the renderer main thread only, per update', () => {
    const events: TraceEvent[] = [
      { name: 'thread_name', ph: 'M', ts: 0, ...main, args: { name: 'CrRendererMain' } },
      { name: 'thread_name', ph: 'M', ts: 0, pid: 1, tid: 9, args: { name: 'DedicatedWorker thread' } },
      x('RunTask', 0, 4000),
      x('FunctionCall', 0, 3000),
      x('Layout', 3000, 1000),
      x('RunTask', 10_000, 2000),
      x('Paint', 10_500, 1500),
      x('RunTask', 0, 9000, { pid: 1, tid: 9 }),
    ];
    const summary = summariseTrace(events, 2);
    expect(summary.taskMsPerUpdate).toBe(3);
    expect(summary.taskCpuMsPerUpdate).toBe(1.5);
    expect(Object.fromEntries(summary.selfMsPerUpdate)).toEqual({
      FunctionCall: 0.75,
      Layout: 0.25,
      Paint: 0.38,
      RunTask: 0.13,
    });
  });
});
