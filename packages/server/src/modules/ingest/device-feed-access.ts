import { LIVE_FEED_CLOSE } from '@vigil/contracts';
import { getSiteAccess } from '../../access/access';
import type { AuthContext } from '../../access/authentication';
import { historyVisibleSince } from '../../access/device-history';
import type { Database } from '../../db/database';
import type { AccessChange, Authorization } from '../../realtime/socket-rules';
import { type DeviceDirectory, isLive } from './device-directory';

/** What one live-feed socket watches, known once its access was checked. */
export type DeviceFeedGrant = {
  udfId: string;
  locationId: number;
  clientId: number;
  /** From which instant of the device's history the person reads it (device-history.ts); undefined: all of it. */
  visibleSince: Date | undefined;
};

export type FeedAccessDeps = { db: Database; directory: DeviceDirectory };

/**
 * Whether the socket's person (authenticated by the base, two-factor gate included) may watch the device: they
 * must see the device's site. Unknown devices, and devices that are not live (the device or its site
 * suspended), are refused alike (4403). Run again whenever access may have changed.
 */
export async function checkFeedAccess(
  deps: FeedAccessDeps,
  context: Pick<AuthContext, 'user'>,
  udfId: string,
): Promise<Authorization<DeviceFeedGrant>> {
  const device = await deps.directory.findByUdfId(udfId);
  if (device === undefined || !isLive(device)) {
    return { ok: false, code: LIVE_FEED_CLOSE.forbidden };
  }
  try {
    await getSiteAccess(deps.db, context.user, device.locationId);
  } catch {
    return { ok: false, code: LIVE_FEED_CLOSE.forbidden };
  }
  const visibleSince = await historyVisibleSince(deps.db, context.user, device.id);
  return {
    ok: true,
    grant: { udfId, locationId: device.locationId, clientId: device.clientId, visibleSince },
  };
}

/**
 * An access change naming the socket's device, its site or its client concerns it (the base adds those naming
 * its person or nothing at all: realtime/authenticated-socket.ts concernsSocket).
 */
export function isFeedConcernedBy(change: AccessChange, grant: DeviceFeedGrant): boolean {
  return (
    change.udfId === grant.udfId ||
    change.locationId === grant.locationId ||
    change.clientId === grant.clientId
  );
}
