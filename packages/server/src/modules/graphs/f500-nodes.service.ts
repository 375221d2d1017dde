import { type DeviceType, GRAPH_MESSAGES, type StateTree } from '@vigil/contracts';
import type { Database } from '../../db/database';
import type { DeviceRow } from '../../db/tables/devices.table';
import type { UserRow } from '../../db/tables/users.table';
import { AppError } from '../../errors';
import { loadDisplaySettings, readableDevice } from '../sensor-settings/device-settings';
import { f500NodesOf, type PanelNode } from './f500-nodes';

export type F500PanelDeps = {
  db: Database;
  /** The device's newest tree: this instance's memory or device_state, whichever is newer. */
  latestTree(device: DeviceRow): Promise<StateTree | undefined>;
};

/** M section 9: F500 and F500-UDF are treated as F500. */
const F500_FAMILY: readonly DeviceType[] = ['F500', 'F500-UDF'];

/**
 * The F500 side panel's device and nodes (docs/graphs.md 'F500 panel'): whoever may see the device reads them;
 * 404 for a device they cannot see (foreign tenants included), 400 for a device without nodes.
 */
export class F500NodesService {
  constructor(private readonly deps: F500PanelDeps) {}

  /** The device, when the user may see it and it is an F500 or F500-UDF. */
  async panelDevice(user: UserRow, deviceId: number): Promise<DeviceRow> {
    const device = await readableDevice(this.deps.db, user, deviceId);
    if (!F500_FAMILY.includes(device.deviceType)) {
      throw AppError.validation({ non_field_errors: [GRAPH_MESSAGES.notF500] });
    }
    return device;
  }

  /** GET f500-nodes/: the nodes of the latest tree with the custom sensor and network names; [] before a tree. */
  async list(user: UserRow, deviceId: number): Promise<PanelNode[]> {
    return this.nodesOf(await this.panelDevice(user, deviceId));
  }

  async nodesOf(device: DeviceRow): Promise<PanelNode[]> {
    const tree = await this.deps.latestTree(device);
    if (tree === undefined) {
      return [];
    }
    const settings = await loadDisplaySettings(this.deps.db, device);
    return f500NodesOf(tree, device.deviceType === 'F500-UDF', settings);
  }
}
