import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionDevice, reload, treeOf, waitFor } from '../../../test/telemetry';
import { buildTestApp, type TestApp } from '../../../test/test-app';

describe('offline sweeper', () => {
  let t: TestApp;

  beforeAll(async () => {
    // The smallest threshold the configuration allows; the sweep then runs every 2.5 s.
    t = await buildTestApp({ env: { DEVICE_OFFLINE_AFTER_S: '5' } });
  });
  afterAll(async () => t.close());

  it('marks a device offline once it has been silent for DEVICE_OFFLINE_AFTER_S', async () => {
    const { device, identity } = await provisionDevice(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/ingest/${identity.udfId}/`,
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${identity.serialNumber}:${identity.code}`).toString('base64')}`,
      },
      payload: treeOf(identity),
    });
    expect(response.statusCode).toBe(202);
    const seen = await reload(t.db, device);
    expect(seen.isOnline).toBe(true);
    const seenAt = seen.lastSeenAt?.getTime() ?? Number.POSITIVE_INFINITY;
    await waitFor(async () => !(await reload(t.db, device)).isOnline);
    // Not before the threshold: a lower bound a busy machine can only make easier to meet.
    expect(Date.now() - seenAt).toBeGreaterThanOrEqual(5000);
  });
});
