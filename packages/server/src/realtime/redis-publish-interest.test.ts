import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { requireService } from '../../test/services';
import { waitFor } from '../../test/telemetry';
import { type RedisBus, type RedisBusOptions, startRedisBus } from './redis-bus';
import { type DeviceTree, deviceRoom } from './rooms';

// A real Redis: CI sets TEST_REDIS_URL=redis://127.0.0.1:6379. Without it the suite skips, and fails under
// CI=true (test/services.ts).
const redisUrl = await requireService('redis');

const silent = { warn: () => {}, error: () => {} };

const publishTree = (bus: RedisBus, tree: DeviceTree) =>
  bus.publish(deviceRoom(tree.udfId), { name: 'tree', data: tree });
/** Longer than any test: only a notice can tell the bus, never its periodic read. */
const NO_PERIODIC_READ_MS = 10 * 60 * 1000;

function uniquePrefix(): string {
  return `vigil-test-${process.pid}-${randomBytes(4).toString('hex')}:`;
}

describe.skipIf(redisUrl === undefined)(
  'RedisBus publishes only watched devices (needs TEST_REDIS_URL)',
  () => {
    const open: RedisBus[] = [];
    const raws: Redis[] = [];
    const start = async (channelPrefix: string, options: Partial<RedisBusOptions> = {}) => {
      const bus = await startRedisBus({ url: redisUrl as string, channelPrefix, log: silent, ...options });
      open.push(bus);
      return bus;
    };
    const rawClient = () => {
      const raw = new Redis(redisUrl as string);
      raws.push(raw);
      return raw;
    };
    /** Publishes `json` on `bus` until a listener has received it. */
    const publishUntilReceived = async (bus: RedisBus, udfId: string, json: string, received: string[]) =>
      waitFor(() => {
        publishTree(bus, { udfId, json, receivedAt: new Date() });
        return received.includes(json);
      });
    /** Publishes on `bus` until one publish is skipped: the bus learnt that nobody watches the device. */
    const publishUntilSkipped = async (bus: RedisBus, udfId: string) =>
      waitFor(() => {
        const skipped = bus.stats.skipped;
        publishTree(bus, { udfId, json: '"late"', receivedAt: new Date() });
        return bus.stats.skipped > skipped;
      });

    afterEach(async () => {
      for (const raw of raws.splice(0)) {
        raw.disconnect();
      }
      await Promise.all(open.splice(0).map((bus) => bus.close()));
    });

    it('sends nothing to Redis for an unwatched device; a watch on another instance starts it at once', async () => {
      const prefix = uniquePrefix();
      const observer = rawClient();
      const seen: [string, string][] = [];
      // A pattern subscription sees every PUBLISH on device channels without counting as a watcher.
      observer.on('pmessage', (_pattern: string, channel: string, message: string) =>
        seen.push([channel, message]),
      );
      await observer.psubscribe(`${prefix}device:*`);
      const a = await start(prefix, { interestRefreshMs: NO_PERIODIC_READ_MS });

      for (let i = 0; i < 3; i++) {
        publishTree(a, { udfId: 'DEV1', json: '"unwatched"', receivedAt: new Date() });
      }
      expect(a.stats).toMatchObject({ published: 0, skipped: 3 });

      const b = await start(prefix);
      const onB: string[] = [];
      b.subscribe(deviceRoom('DEV2'), (event) => onB.push(event.data.json));
      await publishUntilReceived(a, 'DEV2', '"watched"', onB);
      await waitFor(() => seen.length >= a.stats.published);
      // a's DEV1 frames, had any been sent, were sent before these on the same connection. Each frame is the
      // receive time, a newline and the tree's text as published.
      expect(seen.length).toBeGreaterThan(0);
      for (const [channel, message] of seen) {
        expect(channel).toBe(`${prefix}device:DEV2`);
        expect(message).toMatch(/^\d{13}\n"watched"$/);
      }
      expect(a.stats.skipped).toBeGreaterThanOrEqual(3);
    });

    it('stops publishing when the last watcher on another instance unsubscribes, and not before', async () => {
      const prefix = uniquePrefix();
      const a = await start(prefix, { interestRefreshMs: NO_PERIODIC_READ_MS });
      const b = await start(prefix);
      const c = await start(prefix);
      const onB: string[] = [];
      const onC: string[] = [];
      const stopB = b.subscribe(deviceRoom('DEV1'), (event) => onB.push(event.data.json));
      const stopC = c.subscribe(deviceRoom('DEV1'), (event) => onC.push(event.data.json));
      await publishUntilReceived(a, 'DEV1', '"both"', onC);
      await waitFor(() => onB.includes('"both"'));

      stopC();
      // c's notice makes a read the set again: b still watches, so every tree still reaches b.
      await waitFor(async () => (await subscriberCount(rawClient(), `${prefix}device:DEV1`)) === 1);
      const skippedBefore = a.stats.skipped;
      for (let i = 0; i < 20; i++) {
        publishTree(a, { udfId: 'DEV1', json: `"still-${i}"`, receivedAt: new Date() });
      }
      await waitFor(() => onB.includes('"still-19"'));
      expect(a.stats.skipped).toBe(skippedBefore);

      stopB();
      await publishUntilSkipped(a, 'DEV1');
    });

    it('forgets a watcher whose connection died without a word, at the next periodic read', async () => {
      const prefix = uniquePrefix();
      const a = await start(prefix, { interestRefreshMs: 200 });
      // Another instance's subscriber connection, which will vanish like a killed process: no UNSUBSCRIBE, no notice.
      const doomed = rawClient();
      const onDoomed: string[] = [];
      doomed.on('message', (_channel: string, message: string) =>
        onDoomed.push(message.split('\n')[1] ?? ''),
      );
      await doomed.subscribe(`${prefix}device:DEV1`);
      await publishUntilReceived(a, 'DEV1', '"seen"', onDoomed);

      doomed.disconnect();
      await publishUntilSkipped(a, 'DEV1');
    });
  },
);

async function subscriberCount(admin: Redis, channel: string): Promise<number> {
  const reply = (await admin.pubsub('NUMSUB', channel)) as [string, number];
  return Number(reply[1]);
}
