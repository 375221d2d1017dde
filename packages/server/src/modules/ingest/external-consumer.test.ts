import { deviceBootTopic, deviceStateTopic, type StateTree } from '@vigil/contracts';
import { connect } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireService } from '../../../test/services';
import {
  liveFrameOf,
  metricValue,
  provisionDevice,
  readingsOfDevice,
  reload,
  silentLog,
  treeOf,
  waitFor,
} from '../../../test/telemetry';
import { buildTestApp, METRICS_REQUEST, type TestApp } from '../../../test/test-app';
import { readingsOf } from '../telemetry/tree-rows';
import { type ExternalConsumer, startExternalConsumer } from './external-consumer';

// A real external broker: CI runs Mosquitto and sets TEST_MQTT_URL=mqtt://127.0.0.1:1883 (anonymous
// publishing allowed, so the test publishes as a device would). Without it the suites skip, and fail under CI=true
// (test/services.ts).
const brokerUrl = await requireService('mqtt');

// The burst below is 30 messages of one device at once: more than its message budget (tested on its own).
const UNLIMITED = { DEVICE_MAX_MESSAGES_PER_S: '0' };

describe.skipIf(brokerUrl === undefined)('external MQTT broker consumer (needs TEST_MQTT_URL)', () => {
  let t: TestApp;
  let consumer: ExternalConsumer;
  const url = brokerUrl ?? '';

  beforeAll(async () => {
    t = await buildTestApp({ env: UNLIMITED });
    consumer = startExternalConsumer({
      url,
      ingest: t.app.ingest,
      log: silentLog,
      clientId: `vigil-ingest-test-${process.pid}-${Date.now()}`,
      sessionExpirySeconds: 60,
      connections: 3,
      // Its own group: another test run on the same broker gets its own copy of each message.
      shareGroup: `vigil-test-${process.pid}-${Date.now()}`,
    });
    await consumer.ready;
  });
  afterAll(async () => {
    await consumer.close();
    await t.close();
  });

  /** Publishes at QoS 1 as a device would (Mosquitto in CI allows anonymous publishing). */
  async function publishAsDevice(topic: string, payload: string): Promise<void> {
    const publisher = connect(url, { reconnectPeriod: 0 });
    try {
      await publisher.publishAsync(topic, payload, { qos: 1 });
    } finally {
      await publisher.endAsync();
    }
  }

  it('ingests trees of known devices through the shared subscription and skips unknown ones', async () => {
    const { device, identity } = await provisionDevice(t.db);
    const publisher = connect(url, { reconnectPeriod: 0 });
    try {
      await publisher.publishAsync(deviceStateTopic('NOSUCH'), treeOf({ ...identity, udfId: 'NOSUCH' }), {
        qos: 1,
      });
      await publisher.publishAsync(deviceStateTopic(identity.udfId), '{"broken', { qos: 1 });
      const tree = treeOf(identity);
      await publisher.publishAsync(deviceStateTopic(identity.udfId), tree, { qos: 1 });
      await waitFor(async () => (await reload(t.db, device)).isOnline);
      expect(t.app.ingest.latest(identity.udfId)?.json).toBe(liveFrameOf(tree));
      // Three connections: the two refusals may be handled after the good tree.
      const rejected = async (reason: string) =>
        metricValue(
          (await t.app.inject(METRICS_REQUEST)).body,
          `vigil_ingest_rejected_total{reason="${reason}"}`,
        );
      await waitFor(async () => (await rejected('unknown_device')) === 1);
      await waitFor(async () => (await rejected('malformed_json')) === 1);
    } finally {
      await publisher.endAsync();
    }
  });

  it('refuses a suspended device and counts a boot message', async () => {
    const suspended = await provisionDevice(t.db, { suspended: true });
    const { identity } = await provisionDevice(t.db);
    const boot = { type: 'boot', deviceId: identity.udfId, deviceType: 'f500', time: 1, reason: 'power-up' };
    await publishAsDevice(deviceStateTopic(suspended.identity.udfId), treeOf(suspended.identity));
    await publishAsDevice(deviceBootTopic(identity.udfId), JSON.stringify(boot));
    await waitFor(
      async () =>
        metricValue(
          (await t.app.inject(METRICS_REQUEST)).body,
          'vigil_ingest_messages_total{kind="boot"}',
        ) === 1,
    );
    await waitFor(
      async () =>
        metricValue(
          (await t.app.inject(METRICS_REQUEST)).body,
          'vigil_ingest_rejected_total{reason="suspended"}',
        ) === 1,
    );
    expect((await reload(t.db, suspended.device)).lastSeenAt).toBeNull();
  });

  it('stores a burst spread over its connections, every message once', async () => {
    const { device, identity } = await provisionDevice(t.db);
    const publisher = connect(url, { reconnectPeriod: 0 });
    const trees = Array.from({ length: 30 }, (_, index) => treeOf(identity, 100 + index));
    try {
      await Promise.all(
        trees.map((tree) => publisher.publishAsync(deviceStateTopic(identity.udfId), tree, { qos: 1 })),
      );
    } finally {
      await publisher.endAsync();
    }
    const perTree = readingsOf(JSON.parse(trees[0] as string) as StateTree).length;
    const stored = async () => (await readingsOfDevice(t.db, device.id)).length;
    await waitFor(async () => (await stored()) >= trees.length * perTree);
    expect(await stored()).toBe(trees.length * perTree);
    expect(t.app.ingest.latest(identity.udfId)).toBeDefined();
  });

  it('counts and acknowledges a message over 256 KB without storing it', async () => {
    const { device, identity } = await provisionDevice(t.db);
    const oversize = async () =>
      metricValue(
        (await t.app.inject(METRICS_REQUEST)).body,
        'vigil_ingest_rejected_total{reason="oversize"}',
      );
    const before = await oversize();
    await publishAsDevice(deviceStateTopic(identity.udfId), `{"pad":"${'x'.repeat(300 * 1024)}"}`);
    await waitFor(async () => (await oversize()) === before + 1);
    expect((await reload(t.db, device)).lastSeenAt).toBeNull();
  });
});

describe.skipIf(brokerUrl === undefined)(
  'external MQTT broker consumer away and back (needs TEST_MQTT_URL)',
  () => {
    // Its own app and no other consumer: nothing else may ingest what is published while it is away.
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp();
    });
    afterAll(async () => t.close());

    it('gets the messages published while its connections were down once it is back (persistent sessions)', async () => {
      const url = brokerUrl ?? '';
      const { device, identity } = await provisionDevice(t.db);
      const options = {
        url,
        ingest: t.app.ingest,
        log: silentLog,
        clientId: `vigil-ingest-away-${process.pid}-${Date.now()}`,
        sessionExpirySeconds: 60,
        connections: 1,
        shareGroup: `vigil-away-${process.pid}-${Date.now()}`,
      };
      const first = startExternalConsumer(options);
      await first.ready;
      await first.close();
      const publisher = connect(url, { reconnectPeriod: 0 });
      await publisher.publishAsync(deviceStateTopic(identity.udfId), treeOf(identity, 7), { qos: 1 });
      await publisher.endAsync();
      expect((await reload(t.db, device)).isOnline).toBe(false);

      const again = startExternalConsumer(options);
      try {
        await again.ready;
        await waitFor(async () => (await reload(t.db, device)).isOnline);
      } finally {
        await again.close();
      }
    });
  },
);
