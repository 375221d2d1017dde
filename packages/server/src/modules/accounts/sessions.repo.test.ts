import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignToSite, buildClient, buildSite, buildUser } from '../../../test/factories';
import { openTestDatabase } from '../../../test/test-database';
import { findLiveSessionsWithUser } from '../../access/live-sessions.repo';
import type { DatabaseHandle } from '../../db/database';
import { findLiveSessionsWithMe } from './me.repo';
import { insertSession, revokeSession } from './sessions.repo';

// Many requests' sessions are read by one statement (the authenticator's coalesced lookup): each id must get
// its own session and user, and only a live one.
describe('reading many sessions in one statement', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => handle.close());

  it('answers each live session with its own user and extras, and leaves out revoked, expired, unknown and malformed ids', async () => {
    const { db } = handle;
    const now = new Date('2026-11-24T12:00:00Z');
    const later = new Date(now.getTime() + 3_600_000);
    const ada = await buildUser(db, { fullName: 'Ada' });
    const bo = await buildUser(db, { fullName: 'Bo' });
    const boSite = await buildSite(db, await buildClient(db));
    await assignToSite(db, bo, boSite, 'Manager');
    const open = async (userId: number, expiresAt = later) => {
      const id = randomUUID();
      await insertSession(db, { id, userId, expiresAt });
      return id;
    };
    const adaSession = await open(ada.id);
    const boSession = await open(bo.id);
    const revoked = await open(ada.id);
    await revokeSession(db, revoked, now);
    const expired = await open(bo.id, now);
    const ids = [adaSession, boSession, revoked, expired, randomUUID(), 'not-a-uuid'];

    const found = await findLiveSessionsWithUser(db, ids, now);
    expect([...found.keys()].sort()).toEqual([adaSession, boSession].sort());
    expect(found.get(adaSession)).toMatchObject({ session: { id: adaSession }, user: { id: ada.id } });
    expect(found.get(boSession)).toMatchObject({ session: { id: boSession }, user: { id: bo.id } });

    const withMe = await findLiveSessionsWithMe(db, ids, now);
    expect([...withMe.keys()].sort()).toEqual([adaSession, boSession].sort());
    expect(withMe.get(adaSession)).toMatchObject({ user: { id: ada.id }, me: { siteRoles: [] } });
    expect(withMe.get(boSession)).toMatchObject({
      user: { id: bo.id },
      me: { siteRoles: [{ locationId: boSite.id, permission: 'Manager' }] },
    });

    expect((await findLiveSessionsWithUser(db, [], now)).size).toBe(0);
    expect((await findLiveSessionsWithMe(db, ['not-a-uuid'], now)).size).toBe(0);
  });
});
