import { describe, expect, it } from 'vitest';
import type { DeviceStateWrite } from '../telemetry/telemetry.repo';
import { LatestStates } from './latest-states';

const T0 = Date.parse('2026-11-21T10:00:00Z');
const state = (deviceId: number, seconds: number): DeviceStateWrite => ({
  deviceId,
  tree: {} as DeviceStateWrite['tree'],
  receivedAt: new Date(T0 + seconds * 1000),
  deviceTime: null,
});
const ids = (states: DeviceStateWrite[]) =>
  states.map((s) => `${s.deviceId}@${(s.receivedAt.getTime() - T0) / 1000}`);

describe('latest states (when device_state is written)', () => {
  it('writes a device first seen, then at most every interval, and keeps the trees between for later', () => {
    const latest = new LatestStates(5000);
    const first = latest.plan(new Map([[1, state(1, 0)]]), new Set());
    expect(ids(first.save)).toEqual(['1@0']);
    latest.committed(first);

    const soon = latest.plan(new Map([[1, state(1, 2)]]), new Set());
    expect(soon).toEqual({ save: [], later: [state(1, 2)] });
    latest.committed(soon);

    const due = latest.plan(new Map([[1, state(1, 5)]]), new Set());
    expect(ids(due.save)).toEqual(['1@5']);
    latest.committed(due);
    // The tree of second 2 was superseded by the saved one of second 5.
    expect(latest.takeUnsaved()).toEqual([]);
  });

  it('writes at once the tree of a device with a state record in the batch', () => {
    const latest = new LatestStates(5000);
    latest.committed(latest.plan(new Map([[1, state(1, 0)]]), new Set()));
    expect(ids(latest.plan(new Map([[1, state(1, 1)]]), new Set([1])).save)).toEqual(['1@1']);
  });

  it('sorts the rows it writes by device id and hands the unsaved ones over at stop', () => {
    const latest = new LatestStates(5000);
    const plan = latest.plan(
      new Map([
        [3, state(3, 0)],
        [1, state(1, 0)],
        [2, state(2, 0)],
      ]),
      new Set(),
    );
    expect(ids(plan.save)).toEqual(['1@0', '2@0', '3@0']);
    latest.committed(plan);
    latest.committed(latest.plan(new Map([[2, state(2, 1)]]), new Set()));
    expect(ids(latest.takeUnsaved())).toEqual(['2@1']);
    expect(latest.takeUnsaved()).toEqual([]);
  });

  it('keeps nothing from a plan whose transaction did not commit', () => {
    const latest = new LatestStates(5000);
    latest.plan(new Map([[1, state(1, 0)]]), new Set());
    // Not committed: the next tree is still due at once.
    expect(ids(latest.plan(new Map([[1, state(1, 1)]]), new Set()).save)).toEqual(['1@1']);
  });
});
