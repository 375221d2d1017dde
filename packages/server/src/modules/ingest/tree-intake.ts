import { listSensors, type SensorEntry, type StateTree } from '@vigil/contracts';
import { checkAccessCode } from './device-credential';
import type { DeviceDirectory, DirectoryDevice } from './device-directory';
import type { RejectReason } from './ingest-metrics';
import type { IngestLog } from './ingest-types';
import type { SensorAdmission } from './sensor-admission';

export type TreeIntake =
  | { ok: true; tree: StateTree; json: string; sensors: SensorEntry[] }
  | { ok: false; reason: RejectReason; message: string };

/**
 * What of a valid tree the portal keeps, decided once before anything stores, derives from or sends it: the
 * access code checked and blanked (device-credential.ts), new sensor ids within the device's limits
 * (sensor-admission.ts). The JSON is written again only when the tree changed, so every reader downstream (latest
 * tree, snapshots, sockets, graphs) gets the same clean tree.
 */
export async function takeInTree(
  deps: { directory: DeviceDirectory; admission: SensorAdmission; log: IngestLog },
  device: DirectoryDevice,
  tree: StateTree,
  json: string,
): Promise<TreeIntake> {
  try {
    return await decide(deps, device, tree, json);
  } catch (error) {
    // A database hiccup, not a bad tree: the device keeps the message and sends it again.
    deps.log.error({ err: error, udfId: device.udfId }, 'checking the tree against the device failed');
    return { ok: false, reason: 'store_failed', message: 'the tree could not be checked; send again' };
  }
}

async function decide(
  deps: { directory: DeviceDirectory; admission: SensorAdmission },
  device: DirectoryDevice,
  tree: StateTree,
  json: string,
): Promise<TreeIntake> {
  const credential = await checkAccessCode(deps.directory, device.udfId, tree);
  if (credential === 'mismatch') {
    return {
      ok: false,
      reason: 'access_code_mismatch',
      message: `device.accessCode is not the code of ${device.udfId}`,
    };
  }
  const entries = listSensors(tree);
  const sensors = await deps.admission.admit(device.id, device.udfId, tree, entries);
  const isChanged = credential === 'blanked' || sensors.length !== entries.length;
  return { ok: true, tree, json: isChanged ? JSON.stringify(tree) : json, sensors };
}
