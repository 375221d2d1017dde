import {
  CREDENTIAL_FAILURE_WINDOW_S,
  CREDENTIAL_FAILURES_PER_ADDRESS,
  CREDENTIAL_FAILURES_PER_SERIAL_AND_ADDRESS,
  LIMIT_MESSAGES,
} from '@vigil/contracts';
import type { ErrorWithReasonCode } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, provisionDevice, silentLog, treeOf } from '../../../test/telemetry';
import { buildTestApp, METRICS_REQUEST, type TestApp } from '../../../test/test-app';
import { type EmbeddedBroker, startEmbeddedBroker } from './embedded-broker';

/** Device-credential guessing is throttled by serial number and by address, over HTTP and MQTT (issue 23). */

const basic = (serial: string, code: string) =>
  `Basic ${Buffer.from(`${serial}:${code}`).toString('base64')}`;

/** vigil_ingest_rejected_total{reason="credential_throttled"} as /metrics shows it (0 before the first). */
async function throttledCount(t: TestApp): Promise<number> {
  const metrics = await t.app.inject(METRICS_REQUEST);
  const line = /^vigil_ingest_rejected_total\{reason="credential_throttled"\} (\d+)$/m.exec(metrics.body);
  return Number(line?.[1] ?? 0);
}

describe('credential guessing on HTTP ingest', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const post = (udfId: string, authorization: string, remoteAddress: string, payload = '{}') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/ingest/${udfId}/`,
      headers: { 'content-type': 'application/json', authorization },
      remoteAddress,
      payload,
    });

  it('refuses an address after 10 wrong codes for a serial number, its right code included, with when to retry', async () => {
    const { identity } = await provisionDevice(t.db);
    const wrong = basic(identity.serialNumber, 'wrong-code');
    for (let attempt = 0; attempt < CREDENTIAL_FAILURES_PER_SERIAL_AND_ADDRESS; attempt += 1) {
      expect((await post(identity.udfId, wrong, '203.0.113.1')).statusCode).toBe(401);
    }

    const refused = await post(identity.udfId, wrong, '203.0.113.1');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CREDENTIAL_FAILURE_WINDOW_S);
    expect(refused.json()).toEqual({ detail: LIMIT_MESSAGES.credentialGuessing(retryAfter) });
    const right = basic(identity.serialNumber, identity.code);
    expect((await post(identity.udfId, right, '203.0.113.1', treeOf(identity))).statusCode).toBe(429);

    // The unit itself, from an address that never failed, goes on.
    expect((await post(identity.udfId, right, '198.51.100.7', treeOf(identity))).statusCode).toBe(202);
    // The serial number is under attack: another address gets one try, then waits, right code or not.
    expect((await post(identity.udfId, wrong, '203.0.113.2')).statusCode).toBe(401);
    expect((await post(identity.udfId, right, '203.0.113.2', treeOf(identity))).statusCode).toBe(429);
  });

  it('refuses an address that tried 100 wrong codes over many serial numbers', async () => {
    const { identity } = await provisionDevice(t.db);
    for (let attempt = 0; attempt < CREDENTIAL_FAILURES_PER_ADDRESS; attempt += 1) {
      const guess = basic(`SN-GUESS-${attempt}`, 'wrong-code');
      expect((await post(identity.udfId, guess, '203.0.113.50')).statusCode).toBe(401);
    }
    const right = basic(identity.serialNumber, identity.code);
    expect((await post(identity.udfId, right, '203.0.113.50', treeOf(identity))).statusCode).toBe(429);
    expect((await post(identity.udfId, right, '203.0.113.51', treeOf(identity))).statusCode).toBe(202);
  });

  it('counts each throttled attempt in vigil_ingest_rejected_total as credential_throttled', async () => {
    const { identity } = await provisionDevice(t.db);
    const wrong = basic(identity.serialNumber, 'wrong-code');
    for (let attempt = 0; attempt < CREDENTIAL_FAILURES_PER_SERIAL_AND_ADDRESS; attempt += 1) {
      expect((await post(identity.udfId, wrong, '203.0.113.90')).statusCode).toBe(401);
    }
    const before = await throttledCount(t);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await post(identity.udfId, wrong, '203.0.113.90')).statusCode).toBe(429);
    }
    expect(await throttledCount(t)).toBe(before + 3);
  });
});

describe("credential guessing on the broker's CONNECT", () => {
  let t: TestApp;
  let broker: EmbeddedBroker & { url: string };

  beforeAll(async () => {
    t = await buildTestApp();
    // The app's guard, as main.ts hands it to the broker: its refusals count in the app's /metrics.
    const started = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      ingest: t.app.ingest,
      log: silentLog,
      guard: t.app.credentialGuard,
    });
    broker = { ...started, url: `mqtt://127.0.0.1:${started.port}` };
  });
  afterAll(async () => {
    await broker.close();
    await t.close();
  });

  const refusalOf = async (identity: Parameters<typeof connectDevice>[1]): Promise<number | undefined> => {
    try {
      const client = await connectDevice(broker.url, identity);
      await client.endAsync();
      return 0;
    } catch (error) {
      return (error as ErrorWithReasonCode).code;
    }
  };

  it("answers 'bad user name or password' 10 times, then 'server unavailable' even to the right code", async () => {
    const { identity } = await provisionDevice(t.db);
    for (let attempt = 0; attempt < CREDENTIAL_FAILURES_PER_SERIAL_AND_ADDRESS; attempt += 1) {
      expect(await refusalOf({ ...identity, code: 'wrong-code' })).toBe(4);
    }
    const before = await throttledCount(t);
    expect(await refusalOf({ ...identity, code: 'wrong-code' })).toBe(3);
    expect(await refusalOf(identity)).toBe(3);
    expect(await throttledCount(t)).toBe(before + 2);
  });
});
