import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { findProcesses } from '../ingest/machine-usage';
import { startVigilServer, type VigilServer } from '../ingest/vigil-process';
import type { Component } from './component-usage';

/** The services every instance of the run shares, and the names that keep the run apart on them. */
export type SharedServices = {
  databaseUrl: string;
  redisUrl: string;
  mqttUrl: string;
  /** Share group, client ids and Redis channels of this run only (other helpers use the same services). */
  runName: string;
  /** MQTT_CONSUMERS of every instance; null: the server's default. */
  consumers: number | null;
};

/**
 * Starts instance number `index` (1-based) of the cluster: the compiled server as npm start runs it, consuming
 * the shared broker's devices/+/state through the run's shared subscription and fanning out through Redis.
 */
export async function startInstance(
  services: SharedServices,
  dataDir: string,
  index: number,
): Promise<VigilServer> {
  const instanceDir = path.join(dataDir, `vigil-${index}`);
  await mkdir(instanceDir, { recursive: true });
  return startVigilServer({ databaseUrl: services.databaseUrl, dataDir: instanceDir }, [], {
    MQTT_URL: services.mqttUrl,
    MQTT_SHARE_GROUP: services.runName,
    MQTT_CLIENT_ID: `${services.runName}-${index}`,
    REDIS_URL: services.redisUrl,
    REDIS_CHANNEL_PREFIX: `${services.runName}:`,
    ...(services.consumers === null ? {} : { MQTT_CONSUMERS: String(services.consumers) }),
  });
}

/** Pids of the bench database's backends and of PostgreSQL's shared background processes (not other databases'). */
export type PostgresPids = () => Promise<number[]>;

/**
 * What a step measures: each instance, PostgreSQL (the bench database's share and the whole server, which
 * other helpers' databases share), Redis and the broker. The load generator reports its own CPU.
 */
export function scaleComponents(input: {
  instances: readonly VigilServer[];
  benchPostgresPids: PostgresPids;
  brokerPid: number | null;
}): Component[] {
  const byName = (comm: string) => () => findProcesses(comm);
  return [
    ...input.instances.map((server, i) => ({ name: `vigil-${i + 1}`, pids: async () => [server.pid] })),
    { name: 'postgres (bench database)', pids: input.benchPostgresPids },
    { name: 'postgres (whole server)', pids: byName('postgres') },
    { name: 'redis', pids: byName('redis-server') },
    {
      name: 'mosquitto',
      pids: input.brokerPid === null ? byName('mosquitto') : async () => [input.brokerPid ?? 0],
    },
  ];
}
