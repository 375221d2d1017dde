import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { requireService } from '../../test/services';
import { waitFor } from '../../test/telemetry';
import type { ControlEvent } from './control-events';
import { type RedisBus, startRedisBus } from './redis-bus';
import { type DeviceTree, deviceRoom, everyRoom, siteRoom } from './rooms';

// A real Redis: CI sets TEST_REDIS_URL=redis://127.0.0.1:6379. Without it the suite skips, and fails under
// CI=true (test/services.ts).
const redisUrl = await requireService('redis');

const silent = { warn: () => {}, error: () => {} };

const publishTree = (bus: RedisBus, tree: DeviceTree) =>
  bus.publish(deviceRoom(tree.udfId), { name: 'tree', data: tree });

function uniquePrefix(): string {
  return `vigil-test-${process.pid}-${randomBytes(4).toString('hex')}:`;
}

/** Number of subscribers Redis reports for a channel (PUBSUB NUMSUB). */
async function subscribersOf(channel: string): Promise<number> {
  const admin = new Redis(redisUrl as string);
  try {
    const reply = (await admin.pubsub('NUMSUB', channel)) as [string, number];
    return Number(reply[1]);
  } finally {
    admin.disconnect();
  }
}

/** Waits until Redis reports `count` subscribers on each channel: the SUBSCRIBEs have landed. */
async function waitForSubscribers(count: number, ...channels: string[]): Promise<void> {
  await waitFor(async () => {
    const counts = await Promise.all(channels.map(subscribersOf));
    return counts.every((subscribers) => subscribers === count);
  });
}

// Nothing here sleeps to show that something did not arrive: a marker is published after it, and Redis
// delivers each connection's messages in the order it handled the PUBLISHes, so once the marker is in,
// anything that was going to arrive before it has.
describe.skipIf(redisUrl === undefined)('RedisBus (needs TEST_REDIS_URL)', () => {
  const open: RedisBus[] = [];
  const start = async (channelPrefix: string) => {
    const bus = await startRedisBus({ url: redisUrl as string, channelPrefix, log: silent });
    open.push(bus);
    return bus;
  };

  afterEach(async () => {
    await Promise.all(open.splice(0).map((bus) => bus.close()));
  });

  it('delivers a tree published on one instance to subscribers on every instance, once each', async () => {
    const prefix = uniquePrefix();
    const a = await start(prefix);
    const b = await start(prefix);
    const onA: DeviceTree[] = [];
    const onB: DeviceTree[] = [];
    a.subscribe(deviceRoom('DEV1'), (event) => onA.push(event.data));
    b.subscribe(deviceRoom('DEV1'), (event) => onB.push(event.data));
    await waitForSubscribers(2, a.channelOf(deviceRoom('DEV1')));

    const receivedAt = new Date('2026-11-21T10:00:00.123Z');
    publishTree(a, { udfId: 'DEV1', json: '{"device":{"deviceId":"DEV1"}}', receivedAt });
    const marker = { udfId: 'DEV1', json: '"marker"', receivedAt };
    publishTree(a, marker);
    await waitFor(() => onA.length > 1 && onB.length > 1);

    expect(onA).toEqual([{ udfId: 'DEV1', json: '{"device":{"deviceId":"DEV1"}}', receivedAt }, marker]);
    expect(onB).toEqual(onA);
  });

  it('keeps devices apart and never crosses channel prefixes', async () => {
    const prefix = uniquePrefix();
    const a = await start(prefix);
    const other = await start(uniquePrefix());
    const dev1: string[] = [];
    const dev2: string[] = [];
    const foreign: string[] = [];
    a.subscribe(deviceRoom('DEV1'), (event) => dev1.push(event.data.json));
    a.subscribe(deviceRoom('DEV2'), (event) => dev2.push(event.data.json));
    other.subscribe(deviceRoom('DEV1'), (event) => foreign.push(event.data.json));
    await waitForSubscribers(
      1,
      a.channelOf(deviceRoom('DEV1')),
      a.channelOf(deviceRoom('DEV2')),
      other.channelOf(deviceRoom('DEV1')),
    );

    publishTree(a, { udfId: 'DEV1', json: '"one"', receivedAt: new Date() });
    publishTree(a, { udfId: 'DEV2', json: '"two"', receivedAt: new Date() });
    publishTree(a, { udfId: 'DEV1', json: '"one-marker"', receivedAt: new Date() });
    publishTree(a, { udfId: 'DEV2', json: '"two-marker"', receivedAt: new Date() });
    await waitFor(() => dev1.length > 1 && dev2.length > 1);
    // Redis handled a's publishes before these arrived: a crossed frame would reach `other` before this.
    publishTree(other, { udfId: 'DEV1', json: '"own"', receivedAt: new Date() });
    await waitFor(() => foreign.length > 0);

    expect(dev1).toEqual(['"one"', '"one-marker"']);
    expect(dev2).toEqual(['"two"', '"two-marker"']);
    expect(foreign).toEqual(['"own"']);
  });

  it('subscribes to a device channel with its first listener and unsubscribes after its last', async () => {
    const prefix = uniquePrefix();
    const bus = await start(prefix);
    const channel = bus.channelOf(deviceRoom('DEV1'));
    expect(channel).toBe(`${prefix}device:DEV1`);
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = bus.subscribe(deviceRoom('DEV1'), (event) => first.push(event.data.json));
    const stopSecond = bus.subscribe(deviceRoom('DEV1'), (event) => second.push(event.data.json));
    await waitForSubscribers(1, channel);

    stopFirst();
    publishTree(bus, { udfId: 'DEV1', json: '"after"', receivedAt: new Date() });
    await waitFor(() => second.length > 0);
    expect(first).toEqual([]);

    stopSecond();
    // The subscriber connection sends its commands in order: once DEV2's SUBSCRIBE has landed, DEV1's
    // UNSUBSCRIBE (sent before it, if at all) has too.
    bus.subscribe(deviceRoom('DEV2'), () => {});
    await waitForSubscribers(1, bus.channelOf(deviceRoom('DEV2')));
    expect(await subscribersOf(channel)).toBe(0);
  });

  it('ignores frames that are not device trees and keeps delivering', async () => {
    const prefix = uniquePrefix();
    const bus = await start(prefix);
    const received: string[] = [];
    bus.subscribe(deviceRoom('DEV1'), (event) => received.push(event.data.json));
    await waitForSubscribers(1, bus.channelOf(deviceRoom('DEV1')));
    const raw = new Redis(redisUrl as string);
    try {
      await raw.publish(bus.channelOf(deviceRoom('DEV1')), 'not json');
      await raw.publish(bus.channelOf(deviceRoom('DEV1')), '{"udfId":"DEV1"}');
    } finally {
      raw.disconnect();
    }
    publishTree(bus, { udfId: 'DEV1', json: '"good"', receivedAt: new Date() });
    await waitFor(() => received.length > 0);
    expect(received).toEqual(['"good"']);
  });

  it('a throwing listener neither stops the others nor the bus', async () => {
    const bus = await start(uniquePrefix());
    const received: string[] = [];
    bus.subscribe(deviceRoom('DEV1'), () => {
      throw new Error('socket gone');
    });
    bus.subscribe(deviceRoom('DEV1'), (event) => received.push(event.data.json));
    await waitForSubscribers(1, bus.channelOf(deviceRoom('DEV1')));
    publishTree(bus, { udfId: 'DEV1', json: '"x"', receivedAt: new Date() });
    publishTree(bus, { udfId: 'DEV1', json: '"y"', receivedAt: new Date() });
    await waitFor(() => received.length > 1);
    expect(received).toEqual(['"x"', '"y"']);
  });

  it('delivers a control event to every instance once, to its own at once and ignoring foreign frames', async () => {
    const prefix = uniquePrefix();
    const otherPrefix = uniquePrefix();
    const a = await start(prefix);
    const b = await start(prefix);
    const other = await start(otherPrefix);
    const onA: ControlEvent[] = [];
    const onB: ControlEvent[] = [];
    const foreign: ControlEvent[] = [];
    a.onControl((event) => onA.push(event));
    b.onControl((event) => onB.push(event));
    other.onControl((event) => foreign.push(event));
    const raw = new Redis(redisUrl as string);
    try {
      await raw.publish(`${prefix}control`, 'not json');
      await raw.publish(`${prefix}control`, '{"origin":"x","event":{"name":"reboot","data":{}}}');

      const event: ControlEvent = { name: 'access-changed', data: { udfId: 'DEV1', locationId: 7 } };
      a.publishControl(event);
      // The publishing instance's listeners ran before publishControl returned.
      expect(onA).toEqual([event]);
      await waitFor(() => onB.length > 0);
      // Redis handled a's PUBLISH before B got it; a marker from a third sender reaches each instance after
      // a's copy, so a's own copy handled again, or the event crossing prefixes, would show before it.
      const marker: ControlEvent = { name: 'session-revoked', data: { userId: 1 } };
      const markerFrame = JSON.stringify({ origin: 'marker', event: marker });
      await raw.publish(`${prefix}control`, markerFrame);
      await raw.publish(`${otherPrefix}control`, markerFrame);
      await waitFor(() => onA.length > 1 && onB.length > 1 && foreign.length > 0);
      expect(onA).toEqual([event, marker]);
      expect(onB).toEqual([event, marker]);
      expect(foreign).toEqual([marker]);
    } finally {
      raw.disconnect();
    }
  });
  it("delivers a site's event at once on its instance and through Redis on the others, once per subscriber", async () => {
    const prefix = uniquePrefix();
    const a = await start(prefix);
    const b = await start(prefix);
    const created = (id: number) => ({
      name: 'notifications-created' as const,
      data: { notificationIds: [id] },
    });
    const onA: number[] = [];
    const onB: number[] = [];
    const everyOnB: number[] = [];
    const otherSiteOnB: number[] = [];
    a.subscribe(siteRoom(1), (event) => onA.push(...event.data.notificationIds));
    b.subscribe(siteRoom(1), (event) => onB.push(...event.data.notificationIds));
    b.subscribe(siteRoom(2), (event) => otherSiteOnB.push(...event.data.notificationIds));
    b.subscribe(everyRoom('site'), (event) => everyOnB.push(...event.data.notificationIds));
    await waitForSubscribers(2, a.channelOf(siteRoom(1)));
    await waitForSubscribers(1, b.channelOf(siteRoom(2)));
    // B's pattern has landed once a frame of a third site reaches it.
    const raw = new Redis(redisUrl as string);
    try {
      await waitFor(async () => {
        await raw.publish(`${prefix}site:3`, JSON.stringify({ origin: 'probe', event: created(0) }));
        return everyOnB.includes(0);
      });

      a.publish(siteRoom(1), created(10));
      // The publishing instance's subscribers had it before publish returned.
      expect(onA).toEqual([10]);
      a.publish(siteRoom(2), created(20));
      a.publish(siteRoom(1), created(11));
      // Once b has 11, Redis has handled a's PUBLISHes (a sends them without waiting, on its own connection), so
      // it handles the marker's after them: a's own copies, if handled again, would come before the marker.
      await waitFor(() => onB.includes(11));
      await raw.publish(`${prefix}site:1`, JSON.stringify({ origin: 'marker', event: created(99) }));
      await waitFor(() => onA.includes(99) && onB.includes(99) && everyOnB.includes(99));
      expect(onA).toEqual([10, 11, 99]);
      expect(onB).toEqual([10, 11, 99]);
      expect(otherSiteOnB).toEqual([20]);
      // Probes (id 0) may still arrive after the first one did.
      expect(everyOnB.filter((id) => id !== 0)).toEqual([10, 20, 11, 99]);
    } finally {
      raw.disconnect();
    }
  });

  it("hands an older instance's notifications (a control frame) to the rooms of their sites", async () => {
    const prefix = uniquePrefix();
    const bus = await start(prefix);
    const site1: number[] = [];
    const site2: number[] = [];
    const control: ControlEvent[] = [];
    bus.subscribe(siteRoom(1), (event) => site1.push(...event.data.notificationIds));
    bus.subscribe(siteRoom(2), (event) => site2.push(...event.data.notificationIds));
    bus.onControl((event) => control.push(event));
    const raw = new Redis(redisUrl as string);
    try {
      const former = {
        name: 'notifications-created',
        data: {
          notifications: [
            { id: 5, locationId: 1 },
            { id: 6, locationId: 2 },
            { id: 7, locationId: 1 },
          ],
        },
      };
      await raw.publish(`${prefix}control`, JSON.stringify({ origin: 'older', event: former }));
      const marker: ControlEvent = { name: 'session-revoked', data: { userId: 1 } };
      await raw.publish(`${prefix}control`, JSON.stringify({ origin: 'marker', event: marker }));
      await waitFor(() => control.length > 0);
      expect(site1).toEqual([5, 7]);
      expect(site2).toEqual([6]);
      expect(control).toEqual([marker]);
    } finally {
      raw.disconnect();
    }
  });
});

describe('RedisBus without a reachable Redis', () => {
  it('starts, drops publishes with a logged error, and closes without throwing', async () => {
    const errors: string[] = [];
    const warnings: string[] = [];
    const bus = await startRedisBus({
      // Port 1 on localhost: connection refused at once.
      url: 'redis://127.0.0.1:1',
      channelPrefix: uniquePrefix(),
      connectTimeoutMs: 200,
      log: { warn: (_o, message) => warnings.push(message), error: (_o, message) => errors.push(message) },
    });
    const unsubscribe = bus.subscribe(deviceRoom('DEV1'), () => {});
    expect(() => publishTree(bus, { udfId: 'DEV1', json: '{}', receivedAt: new Date() })).not.toThrow();
    const seen: ControlEvent[] = [];
    bus.onControl((event) => seen.push(event));
    bus.publishControl({ name: 'session-revoked', data: { userId: 1 } });
    expect(seen).toEqual([{ name: 'session-revoked', data: { userId: 1 } }]);
    unsubscribe();
    await bus.close();
    expect(errors.length + warnings.length).toBeGreaterThan(0);
  });
});
