import type { Config } from '../config';
import { InProcessBus, type RealtimeBus } from './bus';
import { type RedisBusLog, startRedisBus } from './redis-bus';

/**
 * The realtime bus of this instance: Redis with REDIS_URL, so every instance's sockets see every
 * instance's trees and control events; otherwise in-process (one instance).
 */
export async function startRealtimeBus(
  config: Pick<Config, 'redisUrl' | 'redisChannelPrefix'>,
  log: RedisBusLog,
): Promise<RealtimeBus> {
  if (config.redisUrl === undefined) {
    return new InProcessBus();
  }
  return startRedisBus({ url: config.redisUrl, channelPrefix: config.redisChannelPrefix, log });
}
