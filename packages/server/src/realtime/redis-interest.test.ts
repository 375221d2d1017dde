import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { DeviceInterest } from './redis-interest';

/** A Redis whose PUBSUB CHANNELS replies wait until the test answers them. */
function fakeRedis() {
  const reads: { pattern: string; answer(channels: string[]): void }[] = [];
  const redis = {
    status: 'ready',
    pubsub: (_subcommand: string, pattern: string) =>
      new Promise<string[]>((resolve) => reads.push({ pattern, answer: resolve })),
  };
  return { redis: redis as unknown as Redis, reads };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function interestOn(redis: Redis) {
  return new DeviceInterest({ redis, channelStart: 'p*:device:', refreshEveryMs: 60_000, onError: () => {} });
}

describe('DeviceInterest', () => {
  it("takes Redis's subscribed device channels as the watched devices, the prefix matched literally", async () => {
    const { redis, reads } = fakeRedis();
    const interest = interestOn(redis);
    interest.refresh();
    expect(reads.map((read) => read.pattern)).toEqual(['p\\*:device:*']);
    reads[0]?.answer(['p*:device:DEV1', 'p*:device:DEV2']);
    await settle();
    expect([interest.has('DEV1'), interest.has('DEV2'), interest.has('DEV3')]).toEqual([true, true, false]);
  });

  it('keeps a device announced while a read was under way, though the read missed it', async () => {
    const { redis, reads } = fakeRedis();
    const interest = interestOn(redis);
    interest.refresh();
    interest.handleNotice('+DEV9');
    reads[0]?.answer([]);
    await settle();
    expect(interest.has('DEV9')).toBe(true);
  });

  it('reads again after a read that an unsubscribe notice may have overtaken, and then drops the device', async () => {
    const { redis, reads } = fakeRedis();
    const interest = interestOn(redis);
    interest.handleNotice('+DEV1');
    interest.refresh();
    interest.handleNotice('-DEV1');
    expect(reads).toHaveLength(1);
    reads[0]?.answer(['p*:device:DEV1']);
    await settle();
    expect(reads).toHaveLength(2);
    reads[1]?.answer([]);
    await settle();
    expect(interest.has('DEV1')).toBe(false);
  });

  it('keeps what it knew while Redis is away', () => {
    const { redis, reads } = fakeRedis();
    const interest = interestOn(redis);
    interest.add('DEV1');
    (redis as unknown as { status: string }).status = 'reconnecting';
    interest.refresh();
    expect(reads).toHaveLength(0);
    expect(interest.has('DEV1')).toBe(true);
  });
});
