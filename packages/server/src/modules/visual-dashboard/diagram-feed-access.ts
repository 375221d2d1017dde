import { LIVE_FEED_CLOSE } from '@vigil/contracts';
import { getSiteAccess } from '../../access/access';
import type { AuthContext } from '../../access/authentication';
import { historyVisibleSince } from '../../access/device-history';
import type { Database } from '../../db/database';
import type { AccessChange, Authorization } from '../../realtime/socket-rules';
import { type DiagramTarget, findBoundDevices, findTargetSite } from './diagram-feed.repo';

/** A device a diagram socket follows: its trees from `visibleSince` on (undefined: all of them). */
export type FollowedDevice = { udfId: string; visibleSince: Date | undefined };

/** What one tab or machine socket follows, known once its access was checked. */
export type DiagramFeedGrant = {
  target: DiagramTarget;
  tabId: number;
  locationId: number;
  clientId: number;
  devices: FollowedDevice[];
};

/**
 * Whether the socket's person may watch the tab or machine (ws/tab-devices-data/, ws/machine-devices-data/): the
 * visual dashboard enabled and the tab's site seen (M sections 2, 6 and 7); then which of its bound devices go
 * live. An unknown tab or machine is refused as a foreign one (4403). Run again whenever access may have changed
 * and when the tab's bindings change (its room's event).
 */
export async function checkDiagramFeedAccess(
  db: Database,
  context: Pick<AuthContext, 'user'>,
  target: DiagramTarget,
): Promise<Authorization<DiagramFeedGrant>> {
  const forbidden = { ok: false, code: LIVE_FEED_CLOSE.forbidden } as const;
  if (!context.user.visualDashboardEnabled) {
    return forbidden;
  }
  const site = await findTargetSite(db, target);
  if (site === undefined) {
    return forbidden;
  }
  try {
    await getSiteAccess(db, context.user, site.locationId);
  } catch {
    return forbidden;
  }
  const bound = (await findBoundDevices(db, target)).filter((device) => device.isLive);
  const devices = await Promise.all(
    bound.map(async (device) => ({
      udfId: device.udfId,
      visibleSince: await historyVisibleSince(db, context.user, device.deviceId),
    })),
  );
  return { ok: true, grant: { target, ...site, devices } };
}

/** An access change naming the tab's site, its client or one of the devices it follows concerns the socket. */
export function isDiagramFeedConcernedBy(change: AccessChange, grant: DiagramFeedGrant): boolean {
  return (
    change.locationId === grant.locationId ||
    change.clientId === grant.clientId ||
    grant.devices.some((device) => device.udfId === change.udfId)
  );
}
