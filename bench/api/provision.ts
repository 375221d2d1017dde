import { generateIdentities } from '@vigil/simulator';
import { provisionDevices, provisionUnits, signInSuperUser } from '../ingest/provision';
import type { VigilEnv } from '../ingest/vigil-process';

const SEED = 1;

async function call<T>(
  baseUrl: string,
  method: string,
  url: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1/${url}`, {
    method,
    headers: {
      accept: 'application/json',
      authorization: `JWT ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** Before the server starts: the bench's super user and the hardware units of its devices (CLI). */
export async function provisionApiUnits(env: VigilEnv, devices: number): Promise<void> {
  await provisionUnits(env, generateIdentities(devices, ['F500'], SEED));
}

/**
 * Through the REST API: a client with its devices on a first site (bench/ingest's provisioning), more
 * sites beside it, and a current site and device selected, so me/ reads every part of its answer.
 * Returns the super user's JWT.
 */
export async function provisionApiFleet(baseUrl: string, devices: number, sites: number): Promise<string> {
  const token = await provisionDevices(baseUrl, generateIdentities(devices, ['F500'], SEED));
  for (let site = 2; site <= sites; site += 1) {
    await call(baseUrl, 'POST', 'locations/', token, {
      title: `Bench Site ${site}`,
      address: `${site} Load Street`,
      timezone: 'UTC',
    });
  }
  const { results } = await call<{ results: Array<{ id: number; location: number }> }>(
    baseUrl,
    'GET',
    'devices/all/',
    token,
  );
  const [firstDevice] = results;
  if (firstDevice === undefined) {
    throw new Error('devices/all/ listed no device after provisioning');
  }
  await call(baseUrl, 'POST', `locations/${firstDevice.location}/select/`, token);
  await call(baseUrl, 'POST', `devices/${firstDevice.id}/select/`, token);
  return token;
}

/**
 * Sessions the load takes turns with, one per connection of the largest step: a real load is many people, each
 * request reading its own session (the server reads concurrent requests' sessions together, and one session
 * repeated by every connection would flatter that).
 */
export async function openBenchSessions(baseUrl: string, first: string, count: number): Promise<string[]> {
  const tokens = [first];
  while (tokens.length < count) {
    tokens.push(await signInSuperUser(baseUrl));
  }
  return tokens;
}
