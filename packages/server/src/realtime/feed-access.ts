import { LIVE_FEED_CLOSE } from '@vigil/contracts';
import { getSiteAccess } from '../access/access';
import type { Authenticator } from '../access/authentication';
import { historyVisibleSince } from '../access/device-history';
import { assertPassesGate } from '../access/two-factor-gate';
import type { Database } from '../db/database';
import { type DeviceDirectory, isLive } from '../modules/ingest/device-directory';
import type { FeedGrant } from './control-events';

/** WebSocket close codes of the live feed: a missing or bad token, and no access to the device. */
export const FEED_CLOSE = LIVE_FEED_CLOSE;

export type FeedCloseCode = (typeof FEED_CLOSE)[keyof typeof FEED_CLOSE];

export type FeedAccessDeps = { db: Database; authenticator: Authenticator; directory: DeviceDirectory };

/**
 * What a socket may watch, until when and from which instant of the device's history (device-history.ts:
 * undefined for all of it); or the code to close it with.
 */
export type FeedAccess =
  | { ok: true; grant: FeedGrant; expiresAt: Date; visibleSince: Date | undefined }
  | { ok: false; code: FeedCloseCode };

/**
 * Whether the token's user may watch the device: the token authenticates like app.authenticate (with
 * the two-factor gate), and the user must see the device's site. Unknown devices, and devices that are not
 * live (the device or its site suspended), are refused alike. Run again whenever access may have changed.
 */
export async function checkFeedAccess(
  deps: FeedAccessDeps,
  token: string | undefined,
  udfId: string,
): Promise<FeedAccess> {
  const context = token ? await deps.authenticator.authenticate(token) : undefined;
  if (context === undefined) {
    return { ok: false, code: FEED_CLOSE.unauthenticated };
  }
  try {
    await assertPassesGate(deps.db, context);
  } catch {
    return { ok: false, code: FEED_CLOSE.unauthenticated };
  }
  const device = await deps.directory.findByUdfId(udfId);
  if (device === undefined || !isLive(device)) {
    return { ok: false, code: FEED_CLOSE.forbidden };
  }
  try {
    await getSiteAccess(deps.db, context.user, device.locationId);
  } catch {
    return { ok: false, code: FEED_CLOSE.forbidden };
  }
  const grant: FeedGrant = {
    udfId,
    userId: context.user.id,
    sessionId: context.session.id,
    locationId: device.locationId,
    clientId: device.clientId,
  };
  const visibleSince = await historyVisibleSince(deps.db, context.user, device.id);
  return { ok: true, grant, expiresAt: context.session.expiresAt, visibleSince };
}
