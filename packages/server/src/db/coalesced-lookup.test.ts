import { describe, expect, it } from 'vitest';
import { CoalescedLookup } from './coalesced-lookup';

/** A read whose statements the test finishes by hand, recording the keys each one read. */
function manualRead() {
  const statements: Array<{ keys: string[]; finish: (error?: Error) => void }> = [];
  let value = 'v1';
  const read = (keys: string[]) =>
    new Promise<ReadonlyMap<string, string>>((resolve, reject) => {
      // The value is read when the statement finishes: a change before that is seen.
      statements.push({
        keys,
        finish: (error) =>
          error === undefined
            ? resolve(new Map(keys.filter((key) => key !== 'missing').map((key) => [key, `${key}:${value}`])))
            : reject(error),
      });
    });
  return { read, statements, change: (next: string) => (value = next) };
}

describe('a coalesced lookup', () => {
  it('runs a lone lookup at once, alone', async () => {
    const { read, statements } = manualRead();
    const lookup = new CoalescedLookup(read, { maxInFlight: 2, maxBatch: 10 });
    const a = lookup.get('a');
    expect(statements.map((s) => s.keys)).toEqual([['a']]);
    statements[0]?.finish();
    expect(await a).toBe('a:v1');
  });

  it('reads the lookups that arrive while statements run in one statement, each answered with its own key', async () => {
    const { read, statements } = manualRead();
    const lookup = new CoalescedLookup(read, { maxInFlight: 1, maxBatch: 10 });
    const first = lookup.get('a');
    const waiting = ['b', 'c', 'b', 'missing'].map((key) => lookup.get(key));
    expect(statements.map((s) => s.keys)).toEqual([['a']]);
    statements[0]?.finish();
    expect(await first).toBe('a:v1');
    // The three distinct keys go together; the repeated one is read once and answers both.
    expect(statements.map((s) => s.keys)).toEqual([['a'], ['b', 'c', 'missing']]);
    statements[1]?.finish();
    expect(await Promise.all(waiting)).toEqual(['b:v1', 'c:v1', 'b:v1', undefined]);
  });

  it('never answers a lookup from a statement that started before it arrived', async () => {
    const { read, statements, change } = manualRead();
    const lookup = new CoalescedLookup(read, { maxInFlight: 1, maxBatch: 10 });
    const early = lookup.get('a');
    // The same key again while the first statement runs: it waits for a statement of its own.
    const late = lookup.get('a');
    expect(statements).toHaveLength(1);
    statements[0]?.finish();
    expect(await early).toBe('a:v1');
    change('v2');
    expect(statements).toHaveLength(2);
    statements[1]?.finish();
    expect(await late).toBe('a:v2');
  });

  it('keeps to maxInFlight statements and maxBatch keys a statement', async () => {
    const { read, statements } = manualRead();
    const lookup = new CoalescedLookup(read, { maxInFlight: 2, maxBatch: 2 });
    const all = ['a', 'b', 'c', 'd', 'e'].map((key) => lookup.get(key));
    expect(statements.map((s) => s.keys)).toEqual([['a'], ['b']]);
    statements[0]?.finish();
    await all[0];
    expect(statements.map((s) => s.keys)).toEqual([['a'], ['b'], ['c', 'd']]);
    statements[1]?.finish();
    statements[2]?.finish();
    await Promise.all(all.slice(1, 4));
    expect(statements.map((s) => s.keys)).toEqual([['a'], ['b'], ['c', 'd'], ['e']]);
    statements[3]?.finish();
    expect(await Promise.all(all)).toEqual(['a:v1', 'b:v1', 'c:v1', 'd:v1', 'e:v1']);
  });

  it('fails the lookups of a failed statement only, and goes on', async () => {
    const { read, statements } = manualRead();
    const lookup = new CoalescedLookup(read, { maxInFlight: 1, maxBatch: 10 });
    const a = lookup.get('a');
    const b = lookup.get('b');
    statements[0]?.finish(new Error('connection lost'));
    await expect(a).rejects.toThrow('connection lost');
    statements[1]?.finish();
    expect(await b).toBe('b:v1');
  });
});
