import type { GraphArrangement, GraphArrangementInput } from '@vigil/contracts';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';
import { AppError, notFound } from '../../errors';
import type { F500NodesService } from './f500-nodes.service';
import {
  type ArrangementEntry,
  applyArrangementAction,
  arrangementOf,
  type NodeSensors,
} from './graph-arrangement';
import { findArrangement, updateArrangement } from './graph-arrangement.repo';

/**
 * The F500 panel's selection kept per user and device (docs/graphs.md 'F500 panel'): whoever may see the
 * device reads and changes their own selection, never another person's.
 */
export class GraphArrangementService {
  constructor(private readonly deps: { db: Database; nodes: F500NodesService }) {}

  /** GET f500-arrangement/: the user's selection for the device. */
  async get(user: UserRow, deviceId: number): Promise<GraphArrangement> {
    const device = await this.deps.nodes.panelDevice(user, deviceId);
    return arrangementOf(await findArrangement(this.deps.db, user.id, device.id));
  }

  /** POST f500-update-arrangement/: append, delete or clean; answers the selection afterwards. */
  async update(user: UserRow, deviceId: number, input: GraphArrangementInput): Promise<GraphArrangement> {
    const device = await this.deps.nodes.panelDevice(user, deviceId);
    const nodeSensors: NodeSensors =
      input.action === 'clean'
        ? new Map()
        : new Map(
            (await this.deps.nodes.nodesOf(device)).map((node) => [
              node.number,
              node.sensors.map((sensor) => String(sensor.id)),
            ]),
          );
    const change = (current: ArrangementEntry[]): ArrangementEntry[] => {
      const result = applyArrangementAction(current, input, nodeSensors);
      if (!result.ok) {
        throw AppError.validation({ [result.field]: [result.message] });
      }
      return result.entries;
    };
    const stored = await updateArrangement(this.deps.db, user.id, device.id, change);
    if (stored === undefined) {
      throw notFound();
    }
    return arrangementOf(stored);
  }
}
