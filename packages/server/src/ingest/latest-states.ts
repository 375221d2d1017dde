import type { DeviceStateWrite } from '../telemetry/telemetry.repo';

/** What one batch writes to device_state, and what waits for a later batch. */
export type StatePlan = { save: DeviceStateWrite[]; later: DeviceStateWrite[] };

/**
 * Decides when the latest tree of a device is written to device_state: with a state record (the first tree
 * of each minute, every Status or Alarm change) and otherwise at most once per `intervalMs`; the trees in
 * between wait in memory, where the live feed and the API read the latest tree anyway, and are written at
 * stop. Rewriting a 20 KB jsonb row for every message was the largest cost of the write path
 * (docs/performance.md); after a crash, device_state may lag by up to `intervalMs` (every reading is stored).
 */
export class LatestStates {
  private readonly unsaved = new Map<number, DeviceStateWrite>();
  private readonly savedAt = new Map<number, number>();

  constructor(private readonly intervalMs: number) {}

  /** `states`: the latest stored tree per device of this batch; `recorded`: devices with a record in it. */
  plan(states: ReadonlyMap<number, DeviceStateWrite>, recorded: ReadonlySet<number>): StatePlan {
    const plan: StatePlan = { save: [], later: [] };
    for (const [deviceId, state] of states) {
      const due = state.receivedAt.getTime() - (this.savedAt.get(deviceId) ?? 0) >= this.intervalMs;
      (due || recorded.has(deviceId) ? plan.save : plan.later).push(state);
    }
    // Sorted so that two instances lock the same rows in the same order.
    plan.save.sort((a, b) => a.deviceId - b.deviceId);
    return plan;
  }

  /** The plan's transaction committed. */
  committed(plan: StatePlan): void {
    for (const state of plan.save) {
      this.savedAt.set(state.deviceId, state.receivedAt.getTime());
      this.unsaved.delete(state.deviceId);
    }
    for (const state of plan.later) {
      this.unsaved.set(state.deviceId, state);
    }
  }

  /** Every tree not written yet (at stop); forgets them. */
  takeUnsaved(): DeviceStateWrite[] {
    const states = [...this.unsaved.values()].sort((a, b) => a.deviceId - b.deviceId);
    this.unsaved.clear();
    return states;
  }
}
