import type { StateTree } from '@vigil/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForSockets, postTree } from '../../../test/feed-client';
import { buildFeedScene, openLiveFeed } from '../../../test/feed-scene';
import { metricValue, provisionDevice, reload, treeOf, waitFor } from '../../../test/telemetry';
import { buildTestApp, METRICS_REQUEST, type TestApp } from '../../../test/test-app';
import { deviceState } from '../../db/tables/device-state.table';
import { stateRecords } from '../../db/tables/state-records.table';

/** A tree of the device whose device.accessCode is `code` (null: the field absent). */
function treeWithCode(identity: Parameters<typeof treeOf>[0], code: string | null, seed = 1): string {
  const tree = JSON.parse(treeOf(identity, seed)) as StateTree;
  if (code === null) {
    delete tree.device.accessCode;
  } else {
    tree.device.accessCode = code;
  }
  return JSON.stringify(tree);
}

// The unit's code is a credential (issue 23): a plain User read it from frames and snapshots and posted
// forged trees with it.
describe("a tree's device.accessCode", () => {
  let t: TestApp;
  let socketUrl: string;

  beforeAll(async () => {
    t = await buildTestApp({ env: { DEVICE_MAX_MESSAGES_PER_S: '0' } });
    socketUrl = await listenForSockets(t.app);
  });
  afterAll(async () => t.close());

  it("reaches a User's live frames and historical snapshots empty, and is stored nowhere", async () => {
    const scene = await buildFeedScene(t.db, t.app);
    const { device, identity } = scene.watched;
    const feed = await openLiveFeed(socketUrl, t.app, scene);
    await waitFor(() => feed.frames.length > 0);
    for (const frame of feed.frames) {
      expect(frame).not.toContain(identity.code);
      expect((JSON.parse(frame) as StateTree).device.accessCode).toBe('');
    }
    feed.socket.close();

    const userAuth = `JWT ${scene.memberToken}`;
    const base = `/api/v1/devices/${device.id}/historical/records/`;
    const list = await t.app.inject({
      url: `${base}?timestamp=${encodeURIComponent('2000-01-01 00:00:00')}`,
      headers: { authorization: userAuth },
    });
    expect(list.statusCode).toBe(200);
    const recordId = list.json<{ results: Array<{ record_id: number }> }>().results[0]?.record_id;
    const record = await t.app.inject({ url: `${base}${recordId}/`, headers: { authorization: userAuth } });
    expect(record.statusCode).toBe(200);
    expect(record.body).not.toContain(identity.code);
    expect(record.json<StateTree>().device).toMatchObject({ deviceId: identity.udfId, accessCode: '' });

    const stored = await t.db.select().from(stateRecords).where(eq(stateRecords.deviceId, device.id));
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(identity.code);
    const [latest] = await t.db.select().from(deviceState).where(eq(deviceState.deviceId, device.id));
    expect(latest?.tree.device.accessCode).toBe('');
  });

  it('refuses a tree whose accessCode is not the unit code with 400, stores nothing and counts it', async () => {
    const { device, identity } = await provisionDevice(t.db);
    const reason = 'vigil_ingest_rejected_total{reason="access_code_mismatch"}';
    const before = metricValue((await t.app.inject(METRICS_REQUEST)).body, reason);
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/v1/ingest/${identity.udfId}/`,
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${identity.serialNumber}:${identity.code}`).toString('base64')}`,
      },
      payload: treeWithCode(identity, `${identity.code}-guess`),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ detail: `device.accessCode is not the code of ${identity.udfId}` });
    expect((await reload(t.db, device)).lastSeenAt).toBeNull();
    expect(metricValue((await t.app.inject(METRICS_REQUEST)).body, reason)).toBe(before + 1);
  });

  it('accepts a tree without an accessCode, or with an empty one, as before', async () => {
    const { device, identity } = await provisionDevice(t.db);
    expect(await postTree(t.app, identity, treeWithCode(identity, null))).toBe(202);
    expect(await postTree(t.app, identity, treeWithCode(identity, '', 2))).toBe(202);
    expect((await reload(t.db, device)).isOnline).toBe(true);
  });
});
