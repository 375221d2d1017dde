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
import * as graphArrangementRepo from './graph-arrangement.repo';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { graphArrangement: graphArrangementRepo };
export type GraphArrangementRepositories = typeof REPOSITORIES;
export type GraphArrangementDeps = {
  db: Database;
  repos?: GraphArrangementRepositories;
  nodes: F500NodesService;
};

/**
 * The F500 panel's selection kept per user and device (docs/graphs.md 'F500 panel'): whoever may see the
 * device reads and changes their own selection, never another person's.
 */
export class GraphArrangementService {
  private readonly repos: GraphArrangementRepositories;

  constructor(private readonly deps: GraphArrangementDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** GET f500-arrangement/: the user's selection for the device. */
  async get(user: UserRow, deviceId: number): Promise<GraphArrangement> {
    const device = await this.deps.nodes.panelDevice(user, deviceId);
    return arrangementOf(await this.repos.graphArrangement.findArrangement(this.deps.db, user.id, device.id));
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
    const stored = await this.repos.graphArrangement.updateArrangement(
      this.deps.db,
      user.id,
      device.id,
      change,
    );
    if (stored === undefined) {
      throw notFound();
    }
    return arrangementOf(stored);
  }
}
