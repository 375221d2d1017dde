import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UnknownSensorError } from './device';
import { SCENARIO_NAMES, type ScenarioName } from './scenarios';

/** What the control API drives; the running simulator provides it. */
export type ControlTarget = {
  forceAlarm: (sensorId: string) => void;
  clearAlarm: (sensorId: string) => void;
  sensorIds: () => string[];
  startScenario: (udfId: string, name: ScenarioName, seconds?: number) => boolean;
  endScenario: (udfId: string, name: ScenarioName) => boolean;
};

export type ControlServer = {
  url: string;
  /** The port asked for was taken and a free one is used instead (startControlServer's `fallbackToFreePort`). */
  isFallback: boolean;
  close: () => Promise<void>;
};

const MAX_BODY = 64 * 1024;

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let body = '';
  for await (const chunk of request) {
    body += String(chunk);
    if (body.length > MAX_BODY) {
      throw new Error('body too large');
    }
  }
  const parsed: unknown = body === '' ? {} : JSON.parse(body);
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

function send(response: ServerResponse, status: number, body?: unknown): void {
  response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

async function handle(
  target: ControlTarget,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname.replace(/\/+$/, '');
  if (request.method === 'GET' && path === '/sensors') {
    send(response, 200, { sensors: target.sensorIds() });
    return;
  }
  const body = await readJson(request);
  if (path === '/alarm' && (request.method === 'POST' || request.method === 'DELETE')) {
    if (typeof body.sensor !== 'string') {
      send(response, 400, { sensor: ['A full sensor id is required.'] });
      return;
    }
    if (request.method === 'POST') {
      target.forceAlarm(body.sensor);
    } else {
      target.clearAlarm(body.sensor);
    }
    send(response, 204);
    return;
  }
  if (path === '/scenario' && (request.method === 'POST' || request.method === 'DELETE')) {
    const name = SCENARIO_NAMES.find((known) => known === body.name);
    const seconds = typeof body.seconds === 'number' ? body.seconds : undefined;
    if (typeof body.device !== 'string' || !name) {
      send(response, 400, { detail: `device and name (${SCENARIO_NAMES.join(', ')}) are required.` });
      return;
    }
    const done =
      request.method === 'POST'
        ? target.startScenario(body.device, name, seconds)
        : target.endScenario(body.device, name);
    send(response, done ? 204 : 404);
    return;
  }
  send(response, 404, { detail: 'Not found.' });
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => reject(error);
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      resolve();
    });
  });
}

/**
 * Local control API: POST/DELETE /alarm {sensor}, GET /sensors, POST /scenario {device, name, seconds}, DELETE
 * /scenario {device, name}. With `fallbackToFreePort`, a taken port gives a free one instead of an error.
 */
export async function startControlServer(
  target: ControlTarget,
  port: number,
  host = '127.0.0.1',
  { fallbackToFreePort = false }: { fallbackToFreePort?: boolean } = {},
): Promise<ControlServer> {
  const server: Server = createServer((request, response) => {
    handle(target, request, response).catch((error: unknown) => {
      if (error instanceof UnknownSensorError) {
        send(response, 404, { sensor: [error.message] });
        return;
      }
      send(response, 400, { detail: error instanceof Error ? error.message : 'Bad request.' });
    });
  });
  let isFallback = false;
  try {
    await listen(server, port, host);
  } catch (error) {
    if (!fallbackToFreePort || port === 0 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') {
      throw error;
    }
    await listen(server, 0, host);
    isFallback = true;
  }
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    isFallback,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
