import { randomBytes } from 'node:crypto';
import net from 'node:net';

/** A hang guard for the reachability probe on a busy machine, not an expected duration. */
const PROBE_CEILING_MS = 10_000;

/** The services some suites need: the variable that names each, and the port a URL without one means. */
export const TEST_SERVICES = {
  postgres: {
    variable: 'TEST_DATABASE_URL',
    defaultPort: 5432,
    example: 'postgres://postgres@127.0.0.1:5432/postgres',
  },
  redis: { variable: 'TEST_REDIS_URL', defaultPort: 6379, example: 'redis://127.0.0.1:6379' },
  mqtt: { variable: 'TEST_MQTT_URL', defaultPort: 1883, example: 'mqtt://127.0.0.1:1883' },
} as const;

export type TestService = keyof typeof TEST_SERVICES;

type Environment = Partial<Record<string, string>>;

/** A Redis key and channel prefix of this run's own, so parallel test files (and runs) never share counts or frames. */
export function uniqueRedisPrefix(): string {
  return `vigil-test-${process.pid}-${randomBytes(4).toString('hex')}:`;
}

/** The environment of test apps that share the Redis at `redisUrl` (several instances), under a prefix of their own. */
export function sharedRedisEnv(redisUrl: string): Record<string, string> {
  return { REDIS_URL: redisUrl, REDIS_CHANNEL_PREFIX: uniqueRedisPrefix() };
}

/**
 * The URL of a service a suite needs, once something answers at it. A service not configured or silent is
 * `undefined` with the reason printed (the suite skips), but under CI=true it throws: a suite that proves
 * multi-instance behaviour must not vanish from CI while the run stays green.
 */
export async function requireService(
  service: TestService,
  env: Environment = process.env,
): Promise<string | undefined> {
  const found = await findService(service, env);
  if ('url' in found) {
    return found.url;
  }
  const { variable, example } = TEST_SERVICES[service];
  if (env.CI === 'true') {
    throw new Error(
      `${service} suites cannot run: ${found.missing}. CI=true makes a missing service a failure, not a skip ` +
        `(.ci/run sets ${variable} when ${service} answers on its local port).`,
    );
  }
  console.warn(`${service} suites skipped: ${found.missing} (e.g. ${variable}=${example}).`);
  return undefined;
}

/** The service's URL when something answers at it, or why not (its variable unset, nothing listening). */
export async function findService(
  service: TestService,
  env: Environment = process.env,
): Promise<{ url: string } | { missing: string }> {
  const url = env[TEST_SERVICES[service].variable];
  if (url === undefined || url === '') {
    return { missing: `${TEST_SERVICES[service].variable} is not set` };
  }
  const missing = await whyUnreachable(service, url);
  return missing === undefined ? { url } : { missing };
}

/** Why nothing answers at the URL's host and port, or undefined when something accepts a connection. */
async function whyUnreachable(service: TestService, url: string): Promise<string | undefined> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${TEST_SERVICES[service].variable}=${url} is not a URL`;
  }
  // A PostgreSQL URL may name a Unix socket in its query instead of a host: its driver reports that one.
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') {
    return undefined;
  }
  const port = parsed.port === '' ? TEST_SERVICES[service].defaultPort : Number(parsed.port);
  const error = await connectError(host, port);
  return error === undefined ? undefined : `nothing answers at ${host}:${port} (${error})`;
}

function connectError(host: string, port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(PROBE_CEILING_MS);
    const finish = (error: string | undefined) => {
      socket.destroy();
      resolve(error);
    };
    socket.once('connect', () => finish(undefined));
    socket.once('timeout', () => finish(`no answer within ${PROBE_CEILING_MS} ms`));
    socket.once('error', (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
  });
}
