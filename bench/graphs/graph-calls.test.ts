import { describe, expect, it } from 'vitest';
import { closedLoop, sequential } from './graph-calls';

describe('sequential', () => {
  it('runs the warm-up calls first and returns the timed ones only, one after another', async () => {
    const seen: Array<number | string> = [];
    let running = 0;
    const results = await sequential(
      3,
      2,
      async (i) => {
        running += 1;
        expect(running).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 1));
        running -= 1;
        seen.push(i);
        return i * 10;
      },
      async () => {
        seen.push('timed');
      },
    );
    expect(seen).toEqual([0, 1, 'timed', 0, 1, 2]);
    expect(results).toEqual([0, 10, 20]);
  });
});

describe('closedLoop', () => {
  it('keeps each client calling until the time is up and counts answers and errors', async () => {
    const calls: Array<[number, number]> = [];
    const step = await closedLoop(2, 0.1, async (client, i) => {
      calls.push([client, i]);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { ms: 10, ok: i !== 0 };
    });
    expect(step.latenciesMs).toHaveLength(calls.length);
    expect(calls.length).toBeGreaterThan(4);
    expect(step.errors).toBe(2); // each client's first call
    expect(new Set(calls.map(([client]) => client))).toEqual(new Set([0, 1]));
    expect(step.elapsedSeconds).toBeGreaterThanOrEqual(0.1);
  });
});
