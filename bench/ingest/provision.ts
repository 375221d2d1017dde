import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CREDENTIALS_HEADER, type DeviceIdentity, formatCredentialsLine } from '@vigil/simulator';
import { runCli, type VigilEnv } from './vigil-process';

const SUPERUSER = { email: 'bench@vigil.test', password: 'Harbour-Lantern-58' };
const DEVICE_REQUESTS_AT_ONCE = 8;

/** Before the server starts: the bench's super user and the hardware units of every device (CLI). */
export async function provisionUnits(env: VigilEnv, identities: DeviceIdentity[]): Promise<void> {
  await runCli(env, [
    'create-superuser',
    '--email',
    SUPERUSER.email,
    '--password',
    SUPERUSER.password,
    '--name',
    'Ingest Bench',
  ]);
  const csv = path.join(env.dataDir, 'bench-units.csv');
  await writeFile(csv, [CREDENTIALS_HEADER, ...identities.map(formatCredentialsLine), ''].join('\n'));
  await runCli(env, ['hardware', 'import', csv]);
}

async function api<T>(
  baseUrl: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1/${url}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token === undefined ? {} : { Authorization: `JWT ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** A new session of a person: its JWT. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const { token } = await api<{ token: string }>(baseUrl, 'POST', 'accounts/login-jwt/', undefined, {
    username: email,
    password,
  });
  return token;
}

/** A new session of the bench's super user: its JWT. */
export function signInSuperUser(baseUrl: string): Promise<string> {
  return signIn(baseUrl, SUPERUSER.email, SUPERUSER.password);
}

/**
 * `count` more super users (bench-N@vigil.test), each with its own live-socket cap, through the compiled
 * CLI (built by ensureBuild()), two at a time.
 */
export async function provisionSuperUsers(
  env: VigilEnv,
  count: number,
): Promise<Array<{ email: string; password: string }>> {
  const people = Array.from({ length: count }, (_, i) => ({
    email: `bench-${i + 1}@vigil.test`,
    password: SUPERUSER.password,
  }));
  const queue = [...people];
  const createNext = async (): Promise<void> => {
    for (let person = queue.shift(); person !== undefined; person = queue.shift()) {
      await runCli(env, ['create-superuser', '--email', person.email, '--password', person.password], true);
    }
  };
  await Promise.all([createNext(), createNext()]);
  return people;
}

/**
 * Through the REST API, as an operator would: signs the super user in, creates a client and a site and
 * adds every device on its provisioned unit. Returns the super user's JWT (for the live feeds).
 */
export async function provisionDevices(baseUrl: string, identities: DeviceIdentity[]): Promise<string> {
  const token = await signInSuperUser(baseUrl);
  const { next_client_number } = await api<{ next_client_number: number }>(
    baseUrl,
    'GET',
    'clients/get-next-number/',
    token,
  );
  const client = await api<{ id: number }>(baseUrl, 'POST', 'clients/', token, {
    number: next_client_number,
    company: 'Bench Mills',
    address: '1 Load Street',
    phone: '+1 555 0100',
    full_name: 'Bench Operator',
    email: 'operator@bench.test',
  });
  await api(baseUrl, 'POST', `clients/${client.id}/select/`, token);
  const site = await api<{ id: number }>(baseUrl, 'POST', 'locations/', token, {
    title: 'Bench Site',
    address: '1 Load Street',
    timezone: 'UTC',
  });
  const queue = [...identities];
  const addNext = async (): Promise<void> => {
    for (let identity = queue.shift(); identity !== undefined; identity = queue.shift()) {
      await api(baseUrl, 'POST', 'devices/', token, {
        location: site.id,
        title: `Bench ${identity.udfId}`,
        serial_number: identity.serialNumber,
        code: identity.code,
        device_type: identity.deviceType,
      });
    }
  };
  await Promise.all(Array.from({ length: DEVICE_REQUESTS_AT_ONCE }, addNext));
  return token;
}
