import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/database';
import type { UserRow } from '../src/db/tables/users.table';
import { buildClient, buildClientUser, buildSite, TEST_PASSWORD } from './factories';
import { type FeedClient, openFeedClient, postTree } from './feed-client';
import { provisionDevice, type TestDevice, treeOf, waitFor } from './telemetry';
import { authHeader } from './test-app';

/** A watched device, a member who may see it (raw token) and an administrator of its client. */
export type FeedScene = { watched: TestDevice; member: UserRow; memberToken: string; adminAuth: string };

/**
 * A client with a site and a device, a member watching it and an administrator of the client; the member
 * signs in on `memberApp` (the instance their socket will use), the administrator on `adminApp`.
 */
export async function buildFeedScene(
  db: Database,
  adminApp: FastifyInstance,
  memberApp: FastifyInstance = adminApp,
): Promise<FeedScene> {
  const client = await buildClient(db);
  const site = await buildSite(db, client);
  const watched = await provisionDevice(db, { site });
  const member = await buildClientUser(db, client, { site, permission: 'User' });
  const admin = await buildClientUser(db, client, {
    site,
    permission: 'Manager',
    roles: { isManager: true, isAccountsManagement: true },
  });
  return {
    watched,
    member,
    memberToken: (await authHeader(memberApp, member.email, TEST_PASSWORD)).slice(4),
    adminAuth: await authHeader(adminApp, admin.email, TEST_PASSWORD),
  };
}

/**
 * Opens the watched device's feed at `socketUrl` and posts trees through `ingestApp` until one reaches it:
 * the socket's access check is then done.
 */
export async function openLiveFeed(
  socketUrl: string,
  ingestApp: FastifyInstance,
  scene: FeedScene,
  token = scene.memberToken,
  ceilingMs = 60_000,
): Promise<FeedClient> {
  const { identity } = scene.watched;
  const feed = await openFeedClient(socketUrl, identity.udfId, { query: token });
  let seed = 1;
  await waitFor(async () => {
    seed += 1;
    expect(await postTree(ingestApp, identity, treeOf(identity, seed))).toBe(202);
    return feed.frames.length > 0;
  }, ceilingMs);
  return feed;
}
