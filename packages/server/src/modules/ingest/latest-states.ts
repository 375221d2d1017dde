import type { DeviceStateWrite } from '../telemetry/telemetry.repo';

/** What one batch writes to device_state, and what waits for a later batch. */
export type StatePlan = { save: DeviceStateWrite[]; later: DeviceStateWrite[] };

/** A state record writes the latest tree at once, but never more often than this per device. */
const RECORD_SAVE_GAP_MS = 1000;

/**
 * Decides when the latest tree of a device is written to device_state: with a state record (the first tree
 * of each minute, every Status or Alarm change) if none was written in the last second, and otherwise at
 * most once per `intervalMs` — so at most once a second per device however far behind the writer is (a
 * writer that falls behind refuses messages, and the next message is a record again); the trees in
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
      const since = state.receivedAt.getTime() - (this.savedAt.get(deviceId) ?? 0);
      const due = since >= this.intervalMs || (recorded.has(deviceId) && since >= RECORD_SAVE_GAP_MS);
      (due ? plan.save : plan.later).push(state);
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
