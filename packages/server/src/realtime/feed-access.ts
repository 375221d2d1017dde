import type { Database } from '../db/database';
import type { DeviceDirectory } from '../ingest/device-directory';
import { getSiteAccess } from '../modules/access/access';
import type { AccountsService } from '../modules/accounts/accounts.service';
import { assertPassesGate } from '../modules/two-factor/two-factor-gate';

/** WebSocket close codes of the live feed: a missing or bad token, and no access to the device. */
export const FEED_CLOSE = { unauthenticated: 4401, forbidden: 4403 } as const;

export type FeedAccessDeps = { db: Database; accounts: AccountsService; directory: DeviceDirectory };

/**
 * Whether the token's user may watch the device: the token authenticates like app.authenticate (with
 * the two-factor gate), and the user must see the device's site. Unknown devices are refused alike.
 */
export async function checkFeedAccess(
  deps: FeedAccessDeps,
  token: string | undefined,
  udfId: string,
): Promise<'ok' | (typeof FEED_CLOSE)[keyof typeof FEED_CLOSE]> {
  const context = token ? await deps.accounts.authenticate(token) : undefined;
  if (context === undefined) {
    return FEED_CLOSE.unauthenticated;
  }
  try {
    await assertPassesGate(deps.db, context);
  } catch {
    return FEED_CLOSE.unauthenticated;
  }
  const device = await deps.directory.findByUdfId(udfId);
  if (device === undefined) {
    return FEED_CLOSE.forbidden;
  }
  try {
    await getSiteAccess(deps.db, context.user, device.locationId);
    return 'ok';
  } catch {
    return FEED_CLOSE.forbidden;
  }
}
