import type { DeviceIdentity } from '@vigil/simulator';
import type pg from 'pg';
import { TIMESCALE } from './options';

/** The calls the bench times: the 30-day graph call over HTTP and the raw-row count beside it. */

export type GraphAnswer = { ms: number; status: number; body: Buffer };

export const graphPath = (deviceId: number) => `/api/v1/graphs/device/${deviceId}/?timescale=${TIMESCALE}`;

/** GET of the graph payload as the page asks for it, timed until its last byte is read (not parsed). */
export async function callGraph(baseUrl: string, token: string, deviceId: number): Promise<GraphAnswer> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${graphPath(deviceId)}`, {
    headers: { Accept: 'application/json', Authorization: `JWT ${token}` },
  });
  const body = Buffer.from(await response.arrayBuffer());
  return { ms: performance.now() - started, status: response.status, body };
}

/** The plain query the graph call is compared with: every raw row of the device's sensors in 30 days. */
export const COUNT_SQL = `select count(*) as rows from sensor_readings
  where sensor_key = any($1::int[]) and ts >= now() - interval '30 days'`;

export async function timeCount(
  client: pg.ClientBase,
  keys: number[],
): Promise<{ ms: number; rows: number }> {
  const started = performance.now();
  const { rows } = await client.query<{ rows: string }>(COUNT_SQL, [keys]);
  return { ms: performance.now() - started, rows: Number(rows[0]?.rows ?? 0) };
}

/**
 * `warmup` untimed calls, then `beforeTimed` (to sample counters), then `count` timed ones, one after another;
 * returns the timed calls' results.
 */
export async function sequential<T>(
  count: number,
  warmup: number,
  call: (i: number) => Promise<T>,
  beforeTimed: () => Promise<void> = async () => {},
): Promise<T[]> {
  for (let i = 0; i < warmup; i += 1) {
    await call(i);
  }
  await beforeTimed();
  const results: T[] = [];
  for (let i = 0; i < count; i += 1) {
    results.push(await call(i));
  }
  return results;
}

export type StepCalls = { latenciesMs: number[]; errors: number; elapsedSeconds: number };

/**
 * `clients` callers for `seconds`, each calling again as soon as its answer is read (closed loop: the rate is
 * what the server answers). A call started before the end counts; the step lasts until the last one ends.
 */
export async function closedLoop(
  clients: number,
  seconds: number,
  call: (client: number, i: number) => Promise<{ ms: number; ok: boolean }>,
): Promise<StepCalls> {
  const started = performance.now();
  const end = started + seconds * 1000;
  const latenciesMs: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; performance.now() < end; i += 1) {
        const answer = await call(client, i);
        latenciesMs.push(answer.ms);
        errors += answer.ok ? 0 : 1;
      }
    }),
  );
  return { latenciesMs, errors, elapsedSeconds: (performance.now() - started) / 1000 };
}

/** Sends a device's tree through the HTTP ingest (Basic serial:code); resolves once stored (202). */
export async function postTree(baseUrl: string, identity: DeviceIdentity, json: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1/ingest/${encodeURIComponent(identity.udfId)}/`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${identity.serialNumber}:${identity.code}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: json,
  });
  const text = await response.text();
  if (response.status !== 202) {
    throw new Error(`the ingest answered ${response.status} for ${identity.udfId}: ${text.slice(0, 300)}`);
  }
}

/** bench/ingest/provision.ts creates this super user. */
const SUPERUSER = { email: 'bench@vigil.test', password: 'Harbour-Lantern-58' };

/** Signs the bench's super user in; returns the JWT. */
export async function login(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/accounts/login-jwt/`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: SUPERUSER.email, password: SUPERUSER.password }),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`accounts/login-jwt/ answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return (JSON.parse(text) as { token: string }).token;
}

/** GET of an API path with the super user's token; throws on anything but 2xx. */
export async function getJson<T>(baseUrl: string, token: string, apiPath: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1/${apiPath}`, {
    headers: { Accept: 'application/json', Authorization: `JWT ${token}` },
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`GET ${apiPath} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return JSON.parse(text) as T;
}
