import { deviceClientId, deviceStateTopic } from '@vigil/contracts';
import { startSimulator } from '@vigil/simulator';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  connectDevice,
  deepExtraTreeOf,
  deepTreeOf,
  metricValue,
  provisionDevice,
  readingsOfDevice,
  reload,
  silentLog,
  startTestBroker,
  treeOf,
  waitFor,
  waitForClose,
  wideTreeOf,
} from '../../../test/telemetry';
import { buildTestApp, METRICS_REQUEST, type TestApp } from '../../../test/test-app';
import { type EmbeddedBroker, startEmbeddedBroker } from './embedded-broker';

describe('embedded MQTT broker', () => {
  let t: TestApp;
  let broker: EmbeddedBroker & { url: string };
  const clients: MqttClient[] = [];

  const metrics = async (sample: string) => metricValue((await t.app.inject(METRICS_REQUEST)).body, sample);
  const connect = async (...args: Parameters<typeof connectDevice>) => {
    const client = await connectDevice(...args);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    broker = await startTestBroker(t.app.ingest);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
  });
  afterAll(async () => {
    await broker.close();
    await t.close();
  });

  it('acknowledges a QoS 1 state tree only after the device is marked online', async () => {
    const { device, identity } = await provisionDevice(t.db);
    const client = await connect(broker.url, identity);
    const before = await metrics('vigil_ingest_messages_total{kind="state"}');
    await client.publishAsync(deviceStateTopic(identity.udfId), treeOf(identity), { qos: 1 });
    // The PUBACK has arrived: the write must already be committed.
    const row = await reload(t.db, device);
    expect(row.isOnline).toBe(true);
    expect(row.lastSeenAt).toBeInstanceOf(Date);
    expect(t.app.ingest.latest(identity.udfId)?.json).toContain(`"deviceId":"${identity.udfId}"`);
    expect(await metrics('vigil_ingest_messages_total{kind="state"}')).toBe(before + 1);
  });

  it('stores a message resent with the DUP flag once, and acknowledges it again', async () => {
    const { device, identity } = await provisionDevice(t.db);
    const client = await connect(broker.url, identity);
    const tree = treeOf(identity, 21);
    const duplicates = await metrics('vigil_ingest_messages_total{kind="duplicate"}');
    await client.publishAsync(deviceStateTopic(identity.udfId), tree, { qos: 1 });
    const stored = (await readingsOfDevice(t.db, device.id)).length;
    expect(stored).toBeGreaterThan(0);
    await client.publishAsync(deviceStateTopic(identity.udfId), tree, { qos: 1, dup: true });
    expect(await readingsOfDevice(t.db, device.id)).toHaveLength(stored);
    expect(await metrics('vigil_ingest_messages_total{kind="duplicate"}')).toBe(duplicates + 1);
    // The same bytes without the DUP flag are a new message (a device whose clock is stuck).
    await client.publishAsync(deviceStateTopic(identity.udfId), tree, { qos: 1 });
    expect(await readingsOfDevice(t.db, device.id)).toHaveLength(2 * stored);
  });

  it('refuses a wrong code and an unknown serial number (bad username or password)', async () => {
    const { identity } = await provisionDevice(t.db);
    await expect(connect(broker.url, { ...identity, code: 'wrong' })).rejects.toMatchObject({ code: 4 });
    await expect(connect(broker.url, { ...identity, serialNumber: 'NOPE' })).rejects.toMatchObject({
      code: 4,
    });
  });

  it('refuses a suspended device (not authorized)', async () => {
    const { identity } = await provisionDevice(t.db, { suspended: true });
    await expect(connect(broker.url, identity)).rejects.toMatchObject({ code: 5 });
  });

  it("closes a connection publishing to another device's topic and stores nothing", async () => {
    const { identity } = await provisionDevice(t.db);
    const other = await provisionDevice(t.db);
    const client = await connect(broker.url, identity);
    const before = await metrics('vigil_ingest_rejected_total{reason="topic_denied"}');
    const closed = waitForClose(client);
    client.publish(deviceStateTopic(other.identity.udfId), treeOf(other.identity), { qos: 1 });
    await closed;
    expect((await reload(t.db, other.device)).lastSeenAt).toBeNull();
    expect(t.app.ingest.latest(other.identity.udfId)).toBeUndefined();
    expect(await metrics('vigil_ingest_rejected_total{reason="topic_denied"}')).toBe(before + 1);
  });

  it('denies every subscription', async () => {
    const { identity } = await provisionDevice(t.db);
    const client = await connect(broker.url, identity);
    // SUBACK return code 128 (failure); mqtt.js turns it into an error. The connection stays.
    await expect(client.subscribeAsync(deviceStateTopic(identity.udfId), { qos: 1 })).rejects.toThrow(
      'Subscribe error',
    );
    expect(client.connected).toBe(true);
  });

  it('acknowledges and drops malformed and invalid trees, keeps the connection and takes the next', async () => {
    const { device, identity } = await provisionDevice(t.db);
    const client = await connect(broker.url, identity);
    const topic = deviceStateTopic(identity.udfId);
    const malformed = await metrics('vigil_ingest_rejected_total{reason="malformed_json"}');
    const invalid = await metrics('vigil_ingest_rejected_total{reason="invalid_tree"}');
    await client.publishAsync(topic, '{"Id": 1, ', { qos: 1 });
    await client.publishAsync(topic, JSON.stringify({ Id: 1, Name: 'x' }), { qos: 1 });
    expect(await metrics('vigil_ingest_rejected_total{reason="malformed_json"}')).toBe(malformed + 1);
    expect(await metrics('vigil_ingest_rejected_total{reason="invalid_tree"}')).toBe(invalid + 1);
    expect(client.connected).toBe(true);
    expect((await reload(t.db, device)).lastSeenAt).toBeNull();
    await client.publishAsync(topic, treeOf(identity), { qos: 1 });
    expect((await reload(t.db, device)).isOnline).toBe(true);
  });

  it('closes a connection sending a message over 256 KB', async () => {
    const { device, identity } = await provisionDevice(t.db);
    const client = await connect(broker.url, identity);
    const before = await metrics('vigil_ingest_rejected_total{reason="oversize"}');
    const closed = waitForClose(client);
    client.publish(deviceStateTopic(identity.udfId), 'x'.repeat(300 * 1024), { qos: 1 });
    await closed;
    expect(await metrics('vigil_ingest_rejected_total{reason="oversize"}')).toBe(before + 1);
    expect((await reload(t.db, device)).lastSeenAt).toBeNull();
  });

  it('acknowledges and drops trees nested 1,000 deep or 80,000 groups wide, keeps running, takes the next', async () => {
    const { device, identity } = await provisionDevice(t.db);
    const client = await connect(broker.url, identity);
    const topic = deviceStateTopic(identity.udfId);
    const invalid = await metrics('vigil_ingest_rejected_total{reason="invalid_tree"}');
    const errors = await metrics('vigil_ingest_rejected_total{reason="internal_error"}');
    for (const tree of [
      deepTreeOf(identity, 1_000),
      wideTreeOf(identity, 80_000),
      deepExtraTreeOf(identity, 100_000),
    ]) {
      expect(Buffer.byteLength(tree)).toBeLessThan(256 * 1024);
      await client.publishAsync(topic, tree, { qos: 1 });
    }
    expect(await metrics('vigil_ingest_rejected_total{reason="invalid_tree"}')).toBe(invalid + 3);
    expect(await metrics('vigil_ingest_rejected_total{reason="internal_error"}')).toBe(errors);
    expect(client.connected).toBe(true);
    expect((await reload(t.db, device)).lastSeenAt).toBeNull();
    await client.publishAsync(topic, treeOf(identity), { qos: 1 });
    expect((await reload(t.db, device)).isOnline).toBe(true);
  });

  it("refuses a device connecting with another device's client id (identifier rejected); that device stays", async () => {
    const a = await provisionDevice(t.db);
    const b = await provisionDevice(t.db);
    const clientA = await connect(broker.url, a.identity);
    let isAClosed = false;
    clientA.on('close', () => {
      isAClosed = true;
    });
    const takeover = connect(broker.url, b.identity, { clientId: deviceClientId(a.identity.udfId) });
    await expect(takeover).rejects.toMatchObject({ code: 2 });
    const suffixed = connect(broker.url, b.identity, { clientId: `${deviceClientId(b.identity.udfId)}-2` });
    await expect(suffixed).rejects.toMatchObject({ code: 2 });
    // A's next message is acknowledged on the same connection: it was never closed.
    await clientA.publishAsync(deviceStateTopic(a.identity.udfId), treeOf(a.identity), { qos: 1 });
    expect(isAClosed).toBe(false);
    expect((await reload(t.db, a.device)).isOnline).toBe(true);
  });

  it('acknowledges and drops messages past the device budget (20 at once, then 10 a second), counted', async () => {
    const { identity } = await provisionDevice(t.db);
    const client = await connect(broker.url, identity);
    const tree = treeOf(identity);
    const stateBefore = await metrics('vigil_ingest_messages_total{kind="state"}');
    const limitedBefore = await metrics('vigil_ingest_rejected_total{reason="rate_limited"}');
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 40 }, () =>
        client.publishAsync(deviceStateTopic(identity.udfId), tree, { qos: 1 }),
      ),
    );
    const elapsedMs = Date.now() - started;
    const accepted = (await metrics('vigil_ingest_messages_total{kind="state"}')) - stateBefore;
    const limited = (await metrics('vigil_ingest_rejected_total{reason="rate_limited"}')) - limitedBefore;
    expect(accepted + limited).toBe(40);
    expect(accepted).toBeGreaterThanOrEqual(20);
    expect(accepted).toBeLessThanOrEqual(20 + Math.ceil(elapsedMs / 100));
    expect(client.connected).toBe(true);
  });

  it('ingests a burst of 500 messages from 25 devices (20 each, their budget), every one acknowledged after commit', async () => {
    const devices = await Promise.all(Array.from({ length: 25 }, () => provisionDevice(t.db)));
    const senders = await Promise.all(
      devices.map(async ({ identity }) => ({
        client: await connect(broker.url, identity),
        topic: deviceStateTopic(identity.udfId),
        tree: treeOf(identity),
      })),
    );
    const before = await metrics('vigil_ingest_messages_total{kind="state"}');
    // How fast a burst is taken in is the ingest benchmark's to measure (bench/ingest), not this test's.
    await Promise.all(
      senders.flatMap(({ client, topic, tree }) =>
        Array.from({ length: 20 }, () => client.publishAsync(topic, tree, { qos: 1 })),
      ),
    );
    expect(await metrics('vigil_ingest_messages_total{kind="state"}')).toBe(before + 500);
  });
});

describe('embedded MQTT broker restart', () => {
  it('the simulator reconnects after the broker restarts on the same port', async () => {
    const t = await buildTestApp();
    const first = await startTestBroker(t.app.ingest);
    let second: EmbeddedBroker | undefined;
    const { identity } = await provisionDevice(t.db);
    const simulator = await startSimulator({
      devices: [identity],
      transport: { kind: 'mqtt', brokerUrl: first.url },
      autoStart: false,
      scenarioChance: 0,
    });
    try {
      await simulator.ready();
      await simulator.tickOnce();
      await waitFor(() => t.app.ingest.latest(identity.udfId) !== undefined);
      await first.close();
      const restartedAt = new Date();
      second = await startEmbeddedBroker({
        port: first.port,
        host: '127.0.0.1',
        ingest: t.app.ingest,
        log: silentLog,
      });
      await waitFor(async () => {
        await simulator.tickOnce();
        const received = t.app.ingest.latest(identity.udfId)?.receivedAt;
        return received !== undefined && received > restartedAt;
      });
    } finally {
      await simulator.stop();
      await second?.close();
      await t.close();
    }
  });
});
