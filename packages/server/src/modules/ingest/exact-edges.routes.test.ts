import { deviceStateTopic, listSensors, type StateTree } from '@vigil/contracts';
import { asc, eq } from 'drizzle-orm';
import { connect } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireService } from '../../../test/services';
import { metricValue, provisionDevice, silentLog, treeOf, waitFor } from '../../../test/telemetry';
import { buildTestApp, METRICS_REQUEST, type TestApp } from '../../../test/test-app';
import { openTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle } from '../../db/database';
import { deviceEvents } from '../../db/tables/device-events.table';
import { type ExternalConsumer, startExternalConsumer } from './external-consumer';

/**
 * Two server instances on one database, as behind Mosquitto's shared subscription or a load balancer: a
 * device toggling one sensor's alarm has each edge stored once, in order, whichever instance took the tree.
 */
const brokerUrl = await requireService('mqtt');
const TOGGLES = 24;
const UNLIMITED = { DEVICE_MAX_MESSAGES_PER_S: '0' };

describe('alarm edges with two instances on one database', () => {
  let database: DatabaseHandle;
  let instances: TestApp[];
  beforeAll(async () => {
    database = await openTestDatabase();
    instances = [
      await buildTestApp({ database, env: UNLIMITED }),
      await buildTestApp({ database, env: UNLIMITED }),
    ];
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await database.close();
  });

  /** The device's tree with its first sensor in alarm or clear, and a `time` of its own. */
  function toggled(base: StateTree, index: number): string {
    const tree = structuredClone(base);
    const [first] = listSensors(tree);
    if (first === undefined) {
      throw new Error('the simulated tree has no sensor');
    }
    const alarm = index % 2 === 0;
    first.sensor.Status = alarm ? 'Alarm' : 'OK';
    first.sensor.Alarm = alarm;
    tree.time = 1_790_000_000 + index;
    return JSON.stringify(tree);
  }

  async function device() {
    const { device, identity } = await provisionDevice(database.db);
    const base = JSON.parse(treeOf(identity, 1)) as StateTree;
    return { device, identity, base };
  }

  async function alarmEdges(deviceId: number): Promise<string[]> {
    const rows = await database.db
      .select({ kind: deviceEvents.kind })
      .from(deviceEvents)
      .where(eq(deviceEvents.deviceId, deviceId))
      .orderBy(asc(deviceEvents.id));
    return rows.map((row) => row.kind).filter((kind) => kind === 'alarm_on' || kind === 'alarm_off');
  }

  const expectedEdges = Array.from({ length: TOGGLES }, (_, i) => (i % 2 === 0 ? 'alarm_on' : 'alarm_off'));

  const storedStates = async (instance: TestApp) =>
    metricValue(
      (await instance.app.inject(METRICS_REQUEST)).body,
      'vigil_ingest_messages_total{kind="state"}',
    );

  it('over HTTP to both instances in turn', async () => {
    const { device: row, identity, base } = await device();
    const authorization = `Basic ${Buffer.from(`${identity.serialNumber}:${identity.code}`).toString('base64')}`;
    for (let i = 0; i < TOGGLES; i++) {
      const response = await instances[i % 2]?.app.inject({
        method: 'POST',
        url: `/api/v1/ingest/${identity.udfId}/`,
        headers: { 'content-type': 'application/json', authorization },
        payload: toggled(base, i),
      });
      expect(response?.statusCode).toBe(202);
    }
    expect(await alarmEdges(row.id)).toEqual(expectedEdges);
  });

  describe.skipIf(brokerUrl === undefined)(
    'behind Mosquitto’s shared subscription (needs TEST_MQTT_URL)',
    () => {
      let consumers: ExternalConsumer[];
      beforeAll(async () => {
        // Its own group: another run on the same broker gets its own copy of each message.
        const shareGroup = `vigil-edges-${process.pid}-${Date.now()}`;
        consumers = instances.map((instance, n) =>
          startExternalConsumer({
            url: brokerUrl ?? '',
            ingest: instance.app.ingest,
            log: silentLog,
            clientId: `vigil-edges-${process.pid}-${Date.now()}-${n}`,
            sessionExpirySeconds: 60,
            connections: 2,
            shareGroup,
          }),
        );
        await Promise.all(consumers.map((consumer) => consumer.ready));
      });
      afterAll(async () => {
        await Promise.all(consumers.map((consumer) => consumer.close()));
      });

      async function publishAll(udfId: string, afterEach?: (sent: number) => Promise<void>) {
        const publisher = connect(brokerUrl ?? '', { reconnectPeriod: 0 });
        try {
          for (let i = 0; i < TOGGLES; i++) {
            // Resolves on Mosquitto's PUBACK, which says nothing of the instances' commits.
            await publisher.publishAsync(deviceStateTopic(udfId), toggled(base0(udfId), i), { qos: 1 });
            await afterEach?.(i + 1);
          }
        } finally {
          await publisher.endAsync();
        }
      }
      const bases = new Map<string, StateTree>();
      const base0 = (udfId: string) => bases.get(udfId) as StateTree;
      const storedTotal = async () =>
        (await Promise.all(instances.map(storedStates))).reduce((a, b) => a + b, 0);

      it('a device sending a tree once the last one is stored has every edge stored once, on both instances', async () => {
        const { device: row, identity, base } = await device();
        bases.set(identity.udfId, base);
        const before = await Promise.all(instances.map(storedStates));
        const total = before.reduce((a, b) => a + b, 0);
        // Like a gateway sending every second: each tree is committed (on either instance) before the next.
        await publishAll(identity.udfId, async (sent) =>
          waitFor(async () => (await storedTotal()) >= total + sent),
        );
        expect(await alarmEdges(row.id)).toEqual(expectedEdges);
        const after = await Promise.all(instances.map(storedStates));
        // The broker shared the trees between both instances: each stored some.
        expect(after.every((count, n) => count > (before[n] ?? 0))).toBe(true);
      });

      it("a burst raced over both instances never repeats nor inverts an edge; the device's next tree settles the state", async () => {
        const { device: row, identity, base } = await device();
        bases.set(identity.udfId, base);
        const total = await storedTotal();
        await publishAll(identity.udfId);
        await waitFor(async () => (await storedTotal()) >= total + TOGGLES);
        const alternates = (edges: string[]) =>
          edges.forEach((kind, index) => {
            expect(kind).toBe(index % 2 === 0 ? 'alarm_on' : 'alarm_off');
          });
        alternates(await alarmEdges(row.id));
        // Within the burst the tree received last wins, which need not be the one sent last (the broker hands
        // them to two instances that read at their own pace). The device's next tree, a second later as a
        // gateway sends, is clear like the last one: no alarm stays standing.
        const publisher = connect(brokerUrl ?? '', { reconnectPeriod: 0 });
        await publisher.publishAsync(deviceStateTopic(identity.udfId), toggled(base, TOGGLES + 1), {
          qos: 1,
        });
        await publisher.endAsync();
        await waitFor(async () => (await storedTotal()) >= total + TOGGLES + 1);
        const edges = await alarmEdges(row.id);
        alternates(edges);
        expect(edges.length % 2).toBe(0);
      });
    },
  );
});
