import type pg from 'pg';
import WebSocket from 'ws';
import { percentile } from '../ingest/stats';
import type { VigilServer } from '../ingest/vigil-process';
import { type Component, componentCoresBetween, sampleComponents } from './component-usage';

/**
 * A whole dashboard load as one figure: what the web app asks when a person opens a device's dashboard
 * (`me/`, the device, its display settings, sensor names and sensor images) and the first tree of its live
 * socket. Loads run one after another on one instance with no ingest load; the CPU of the instance and of
 * PostgreSQL's bench-database processes over all of them, divided by the loads.
 */
export type DashboardLoad = {
  loads: number;
  requests: string[];
  serverMicrosPerLoad: number;
  postgresMicrosPerLoad: number;
  wallP50Ms: number | null;
  wallP95Ms: number | null;
};

const SERVER = 'server';
const POSTGRES = 'postgres';

export function dashboardRequests(deviceId: number): string[] {
  return [
    'me/',
    `devices/${deviceId}/`,
    `devices/${deviceId}/settings/display/`,
    `devices/${deviceId}/settings/sensor-names`,
    `devices/${deviceId}/settings/sensor-images/`,
  ];
}

async function getJson(baseUrl: string, url: string, token: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1/${url}`, {
    headers: { Accept: 'application/json', Authorization: `JWT ${token}` },
  });
  await response.arrayBuffer();
  if (!response.ok) {
    throw new Error(`GET ${url} answered ${response.status}`);
  }
}

function firstTree(baseUrl: string, udfId: string, token: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const url = `${baseUrl.replace(/^http/, 'ws')}/ws/device-data/${encodeURIComponent(udfId)}/?token=${token}`;
    const socket = new WebSocket(url);
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`no tree of ${udfId} within 10 s`));
    }, 10_000);
    socket.once('message', () => {
      clearTimeout(timer);
      socket.close();
      resolve();
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** `loads` dashboard loads of one device, one after another, on `server`. */
export async function measureDashboardLoads(input: {
  server: VigilServer;
  client: pg.Client;
  token: string;
  udfId: string;
  loads: number;
  postgresPids: () => Promise<number[]>;
}): Promise<DashboardLoad> {
  const { rows } = await input.client.query<{ id: number }>('SELECT id FROM devices WHERE udf_id = $1', [
    input.udfId,
  ]);
  const deviceId = rows[0]?.id;
  if (deviceId === undefined) {
    throw new Error(`device ${input.udfId} not found`);
  }
  const requests = dashboardRequests(deviceId);
  const load = async () => {
    await Promise.all([
      ...requests.map((url) => getJson(input.server.baseUrl, url, input.token)),
      firstTree(input.server.baseUrl, input.udfId, input.token),
    ]);
  };
  // Warm: the first loads fill caches and compile the routes' code.
  for (let i = 0; i < 5; i++) {
    await load();
  }
  const components: Component[] = [
    { name: SERVER, pids: async () => [input.server.pid] },
    { name: POSTGRES, pids: input.postgresPids },
  ];
  const walls: number[] = [];
  const started = Date.now();
  const start = await sampleComponents(components);
  for (let i = 0; i < input.loads; i++) {
    const from = performance.now();
    await load();
    walls.push(performance.now() - from);
  }
  const end = await sampleComponents(components);
  const seconds = (Date.now() - started) / 1000;
  const cores = start === null || end === null ? null : componentCoresBetween(start, end, seconds).cores;
  const perLoad = (name: string) => (((cores?.[name] ?? 0) * seconds) / input.loads) * 1e6;
  return {
    loads: input.loads,
    requests: [...requests, 'ws/device-data/ first tree'],
    serverMicrosPerLoad: perLoad(SERVER),
    postgresMicrosPerLoad: perLoad(POSTGRES),
    wallP50Ms: percentile(walls, 0.5),
    wallP95Ms: percentile(walls, 0.95),
  };
}
