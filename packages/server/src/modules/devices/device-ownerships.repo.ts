import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { deviceOwnerships } from '../../db/tables/device-ownerships.table';

/**
 * The device belongs to `clientId` from `at` on: the open period (if any) ends at `at` and a new one starts.
 * Run it in the transaction that moves the device.
 */
export async function startOwnership(
  db: Database,
  deviceId: number,
  clientId: number,
  at: Date,
): Promise<void> {
  await db
    .update(deviceOwnerships)
    .set({ until: at })
    .where(and(eq(deviceOwnerships.deviceId, deviceId), isNull(deviceOwnerships.until)));
  await db.insert(deviceOwnerships).values({ deviceId, clientId, since: at });
}
