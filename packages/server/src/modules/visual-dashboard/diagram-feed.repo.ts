import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { devices } from '../../db/tables/devices.table';
import { locations } from '../../db/tables/sites.table';
import {
  visualMachineSensors,
  visualMachines,
  visualSchemas,
  visualTabs,
} from '../../db/tables/visual-dashboard.table';

/** What the live sockets of a tab or a machine read (diagram-feed-access.ts). */

/** A tab or a machine of the visual dashboard, as its socket names it. */
export type DiagramTarget = { kind: 'tab' | 'machine'; id: number };

/** The site of a tab or machine, and its client; undefined when there is no such tab or machine. */
export async function findTargetSite(
  db: Database,
  target: DiagramTarget,
): Promise<{ tabId: number; locationId: number; clientId: number } | undefined> {
  const tabId =
    target.kind === 'tab'
      ? target.id
      : (
          await db
            .select({ tabId: visualMachines.tabId })
            .from(visualMachines)
            .where(eq(visualMachines.id, target.id))
        )[0]?.tabId;
  if (tabId === undefined) {
    return undefined;
  }
  const [row] = await db
    .select({ locationId: visualSchemas.locationId, clientId: locations.clientId })
    .from(visualTabs)
    .innerJoin(visualSchemas, eq(visualSchemas.id, visualTabs.schemaId))
    .innerJoin(locations, eq(locations.id, visualSchemas.locationId))
    .where(eq(visualTabs.id, tabId));
  return row === undefined ? undefined : { tabId, ...row };
}

/** A device bound on the tab or machine, with whether its trees go live (neither it nor its site suspended). */
export type BoundDevice = { deviceId: number; udfId: string; isLive: boolean };

/** The devices of the sensors bound on a tab's machines, or on one machine, each once. */
export async function findBoundDevices(db: Database, target: DiagramTarget): Promise<BoundDevice[]> {
  const where =
    target.kind === 'tab' ? eq(visualMachines.tabId, target.id) : eq(visualMachines.id, target.id);
  const rows = await db
    .selectDistinct({
      deviceId: devices.id,
      udfId: devices.udfId,
      isSuspended: devices.isSuspended,
      isSiteSuspended: locations.isSuspended,
    })
    .from(visualMachineSensors)
    .innerJoin(visualMachines, eq(visualMachines.id, visualMachineSensors.machineId))
    .innerJoin(devices, eq(devices.id, visualMachineSensors.deviceId))
    .innerJoin(locations, eq(locations.id, devices.locationId))
    .where(where);
  return rows
    .map((row) => ({
      deviceId: row.deviceId,
      udfId: row.udfId,
      isLive: !row.isSuspended && !row.isSiteSuspended,
    }))
    .sort((a, b) => a.deviceId - b.deviceId);
}
