import { type StateTree, safeParseStateTree } from '@vigil/contracts';
import type { Database } from '../../db/database';
import type { DeviceRow } from '../../db/tables/devices.table';
import { findDeviceState } from '../telemetry/telemetry.repo';
import type { IngestService } from './ingest.service';

export type LatestTreeReader = (device: Pick<DeviceRow, 'id' | 'udfId'>) => Promise<StateTree | undefined>;

/**
 * A device's newest tree: this instance's memory when it holds a newer one than `device_state` (which is
 * written at most every 5 s, docs/telemetry.md), else the stored row. Maintenance, warnings and sensor settings
 * check sensor ids against it.
 */
export function latestTreeReader(db: Database, ingest: Pick<IngestService, 'latest'>): LatestTreeReader {
  return async (device) => {
    const stored = await findDeviceState(db, device.id);
    const inMemory = ingest.latest(device.udfId);
    if (inMemory !== undefined && (stored === undefined || inMemory.receivedAt > stored.receivedAt)) {
      const parsed = safeParseStateTree(JSON.parse(inMemory.json));
      return parsed.success ? parsed.data : stored?.tree;
    }
    return stored?.tree;
  };
}
