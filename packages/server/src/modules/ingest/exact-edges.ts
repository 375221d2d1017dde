import { type StateTree, safeParseStateTree } from '@vigil/contracts';
import type { Database } from '../../db/database';
import type { NewDeviceEventRow } from '../../db/tables/device-events.table';
import { EventDetector } from '../telemetry/device-events';
import {
  type EdgeStateWrite,
  findEdgeCodes,
  findEdgeVersions,
  saveEdgeStates,
} from '../telemetry/edge-states.repo';
import { findDeviceState } from '../telemetry/telemetry.repo';

/** A tree the batch stores, in the order the devices sent them. */
export type EdgeInput = { deviceId: number; tree: StateTree; at: Date };

/** What a batch derived: its events, and `settle`, told whether the batch's transaction committed. */
export type DerivedEdges = { events: NewDeviceEventRow[]; settle(committed: boolean): void };

/**
 * Alarm and warning edges that the database decides (docs/telemetry.md 'Events'). Inside each batch
 * transaction, after markDevicesSeen has locked the batch's `devices` rows in id order, every tree is compared
 * with the device's stored sensor states (device_edge_states), and the states it leaves are written back in the
 * same transaction. A batch on another instance with the same device waits for that lock, then reads what this
 * one committed: each edge is recorded once, in the order the batches commit, whichever instance received the
 * tree. A tree received before the device's last stored one (two instances racing over one device's burst) is
 * late: its readings are stored, but it moves no state, so an edge is never inverted or repeated (a blip
 * shorter than that race is not recorded). Memory is the fast path: while this instance holds the stored version, it reads one small row per
 * device and compares in memory.
 */
export class ExactEdges {
  private readonly detector = new EventDetector();
  /** The device_edge_states version this instance's memory of each device matches. */
  private readonly versions = new Map<number, number>();

  /** `seenBefore`: when each device was last heard from before this batch (markDevicesSeen). */
  async derive(
    tx: Database,
    seenBefore: ReadonlyMap<number, Date | null>,
    trees: readonly EdgeInput[],
  ): Promise<DerivedEdges> {
    const deviceIds = [...new Set(trees.map((tree) => tree.deviceId))];
    const stored = await findEdgeVersions(tx, deviceIds);
    await this.catchUp(tx, deviceIds, stored);

    const events: NewDeviceEventRow[] = [];
    const changedAt = new Map<number, Date>();
    for (const { deviceId, tree, at } of trees) {
      const heard = seenBefore.get(deviceId);
      if (heard !== undefined && heard !== null && at < heard) {
        // Late: received before a tree that another instance already stored (two instances racing over one
        // device's burst). Its readings are stored; comparing it would invert a newer tree's states.
        continue;
      }
      const derived = this.detector.derive(deviceId, tree, at);
      events.push(...derived.events);
      if (derived.changed) {
        changedAt.set(deviceId, at);
      }
    }
    const saves: EdgeStateWrite[] = [...changedAt].map(([deviceId, at]) => ({
      deviceId,
      version: (stored.get(deviceId) ?? 0) + 1,
      codes: this.detector.codesOf(deviceId) ?? {},
      at,
    }));
    await saveEdgeStates(tx, saves);
    return {
      events,
      settle: (committed) => {
        if (!committed) {
          // What memory derived was not stored: read the stored states again next time.
          for (const deviceId of deviceIds) {
            this.forget(deviceId);
          }
          return;
        }
        for (const save of saves) {
          this.versions.set(save.deviceId, save.version);
        }
      },
    };
  }

  /** Forgets a device: its next batch reads its stored states. */
  forget(deviceId: number): void {
    this.detector.forget(deviceId);
    this.versions.delete(deviceId);
  }

  /** Brings memory to the stored states of every device whose stored version is not the one memory holds. */
  private async catchUp(tx: Database, deviceIds: number[], stored: Map<number, number>): Promise<void> {
    const behind = deviceIds.filter((id) => {
      const version = stored.get(id);
      return version === undefined || this.versions.get(id) !== version;
    });
    const codes = await findEdgeCodes(
      tx,
      behind.filter((id) => stored.has(id)),
    );
    for (const deviceId of behind) {
      this.versions.delete(deviceId);
      const storedCodes = codes.get(deviceId);
      if (storedCodes !== undefined) {
        this.detector.restore(deviceId, storedCodes);
        this.versions.set(deviceId, stored.get(deviceId) as number);
      } else {
        await this.seedFromLatestTree(tx, deviceId);
      }
    }
  }

  /**
   * A device without stored states (new, or stored before device_edge_states existed): compared with its
   * latest stored tree, so that an upgrade neither invents nor loses an edge; with nothing, as a new device.
   */
  private async seedFromLatestTree(tx: Database, deviceId: number): Promise<void> {
    const state = await findDeviceState(tx, deviceId);
    const tree = state === undefined ? undefined : safeParseStateTree(state.tree);
    if (tree?.success) {
      this.detector.seed(deviceId, tree.data);
    } else {
      this.detector.forget(deviceId);
    }
  }
}
