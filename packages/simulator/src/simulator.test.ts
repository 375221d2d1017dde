import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createNetServer, type Server } from 'node:net';
import { BootMessageSchema, StateTreeSchema } from '@vigil/contracts';
import { Aedes } from 'aedes';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceIdentity } from './device';
import { type RunningSimulator, startSimulator } from './simulator';

const identity: DeviceIdentity = {
  serialNumber: 'SN-0042',
  code: '314159',
  deviceType: 'F500',
  udfId: 'SIM00042',
};
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

type Received = { topic: string; qos: number; payload: string; clientId: string };

async function startBroker(port = 0): Promise<{ url: string; received: Received[]; logins: string[] }> {
  const received: Received[] = [];
  const logins: string[] = [];
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      logins.push(`${client.id} ${username}:${password?.toString()}`);
      done(null, username === identity.serialNumber && password?.toString() === identity.code);
    },
  });
  broker.on('publish', (packet, client) => {
    if (client) {
      received.push({
        topic: packet.topic,
        qos: packet.qos,
        payload: packet.payload.toString(),
        clientId: client.id,
      });
    }
  });
  const server: Server = createNetServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  cleanups.push(async () => {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url: `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`, received, logins };
}

async function run(options: Parameters<typeof startSimulator>[0]): Promise<RunningSimulator> {
  const simulator = await startSimulator({ autoStart: false, scenarioChance: 0, ...options });
  cleanups.push(() => simulator.stop());
  return simulator;
}

// A ceiling for a busy machine; the wait ends as soon as the check holds.
async function waitFor(check: () => boolean, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) {
      throw new Error('timed out');
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('startSimulator over MQTT', () => {
  it('logs in with serial number and code and publishes boot then state trees at QoS 1', async () => {
    const broker = await startBroker();
    const simulator = await run({ devices: [identity], transport: { kind: 'mqtt', brokerUrl: broker.url } });
    await simulator.ready();
    await simulator.tickOnce();
    await simulator.tickOnce();
    await waitFor(() => broker.received.length >= 3);
    expect(broker.logins[0]).toBe('vigil-SIM00042 SN-0042:314159');
    const [boot, first, second] = broker.received;
    expect(boot).toMatchObject({ topic: 'devices/SIM00042/boot', qos: 1, clientId: 'vigil-SIM00042' });
    expect(BootMessageSchema.parse(JSON.parse(boot?.payload ?? '')).deviceId).toBe('SIM00042');
    expect(first).toMatchObject({ topic: 'devices/SIM00042/state', qos: 1 });
    expect(second?.topic).toBe('devices/SIM00042/state');
    expect(StateTreeSchema.parse(JSON.parse(first?.payload ?? '')).device.deviceType).toBe('f500');
  });

  it('publishes a forced alarm and its clearing', async () => {
    const broker = await startBroker();
    const simulator = await run({ devices: [identity], transport: { kind: 'mqtt', brokerUrl: broker.url } });
    await simulator.ready();
    simulator.forceAlarm('SIM00042.net1.n01.1');
    await simulator.tickOnce();
    simulator.clearAlarm('SIM00042.net1.n01.1');
    await simulator.tickOnce();
    await waitFor(() => broker.received.filter((message) => message.topic.endsWith('/state')).length >= 2);
    const trees = broker.received
      .filter((message) => message.topic.endsWith('/state'))
      .map((message) => StateTreeSchema.parse(JSON.parse(message.payload)));
    expect(trees.map((tree) => tree.Alarm)).toEqual([true, false]);
  });
});

async function findFreePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('MQTT reconnect', () => {
  it('keeps retrying until the broker comes up, then sends the queued boot message', async () => {
    const port = await findFreePort();
    // The broker is down at first: a listener that drops every connection, counting the attempts.
    let attempts = 0;
    const down = createNetServer((socket) => {
      attempts += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => down.listen(port, '127.0.0.1', resolve));
    const simulator = await run({
      devices: [identity],
      transport: { kind: 'mqtt', brokerUrl: `mqtt://127.0.0.1:${port}` },
    });
    const firstTick = simulator.tickOnce(); // its boot message waits for the broker
    // A second attempt after the first was dropped: the simulator is retrying.
    await waitFor(() => attempts >= 2);
    await new Promise<void>((resolve) => down.close(() => resolve()));
    const broker = await startBroker(port);
    await simulator.ready();
    await firstTick;
    expect(broker.received[0]?.topic).toBe('devices/SIM00042/boot');
    await simulator.tickOnce();
    await waitFor(() => broker.received.some((message) => message.topic === 'devices/SIM00042/state'));
  });
});

describe('startSimulator over HTTP ingest', () => {
  it('POSTs the tree with Basic auth to /api/v1/ingest/<udf_id>/', async () => {
    const requests: Array<{ method?: string; url?: string; auth?: string; body: string }> = [];
    const server = createHttpServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += String(chunk);
      });
      request.on('end', () => {
        requests.push({
          method: request.method,
          url: request.url,
          auth: request.headers.authorization,
          body,
        });
        response.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const simulator = await run({
      devices: [{ ...identity, deviceType: '0300' }],
      transport: { kind: 'http', baseUrl },
    });
    await simulator.tickOnce();
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/v1/ingest/SIM00042/');
    expect(request?.auth).toBe(`Basic ${Buffer.from('SN-0042:314159').toString('base64')}`);
    expect(StateTreeSchema.parse(JSON.parse(request?.body ?? '')).groups[0]?.Name).toBe('System');
  });
});

describe('control API', () => {
  it('forces and clears an alarm over HTTP', async () => {
    const simulator = await run({ devices: [identity], transport: { kind: 'none' }, controlPort: 0 });
    const url = `${simulator.controlUrl}/alarm`;
    const sensor = 'SIM00042.net1.n02.2';
    const post = await fetch(url, { method: 'POST', body: JSON.stringify({ sensor }) });
    expect(post.status).toBe(204);
    const alarmed = simulator.getDevice('SIM00042')?.stateTree();
    expect(alarmed?.Alarm).toBe(true);
    const del = await fetch(url, { method: 'DELETE', body: JSON.stringify({ sensor }) });
    expect(del.status).toBe(204);
    expect(simulator.getDevice('SIM00042')?.stateTree().Alarm).toBe(false);
    const unknown = await fetch(url, { method: 'POST', body: JSON.stringify({ sensor: 'SIM00042.x.9' }) });
    expect(unknown.status).toBe(404);
    const missing = await fetch(url, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(400);
  });

  it('starts a scenario and ends it before its time over HTTP', async () => {
    const simulator = await run({ devices: [identity], transport: { kind: 'none' }, controlPort: 0 });
    const url = `${simulator.controlUrl}/scenario`;
    const body = JSON.stringify({ device: 'SIM00042', name: 'offline', seconds: 600 });
    expect((await fetch(url, { method: 'POST', body })).status).toBe(204);
    expect(simulator.getDevice('SIM00042')?.isPublishing).toBe(false);
    expect((await fetch(url, { method: 'DELETE', body })).status).toBe(204);
    expect(simulator.getDevice('SIM00042')?.isPublishing).toBe(true);
    expect((await fetch(url, { method: 'DELETE', body })).status).toBe(404);
    const unknownDevice = JSON.stringify({ device: 'SIM09999', name: 'offline' });
    expect((await fetch(url, { method: 'DELETE', body: unknownDevice })).status).toBe(404);
    expect((await fetch(url, { method: 'DELETE', body: '{}' })).status).toBe(400);
  });
});

describe('control port', () => {
  async function takenPort(): Promise<{ port: number }> {
    const server = createNetServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return { port: (server.address() as AddressInfo).port };
  }

  it('takes a free port when the one asked for is taken and fallback is on, and says so', async () => {
    const { port } = await takenPort();
    const simulator = await run({
      devices: [identity],
      transport: { kind: 'none' },
      controlPort: port,
      controlPortFallback: true,
    });
    expect(simulator.controlPortIsFallback).toBe(true);
    expect(simulator.controlUrl).not.toBe(`http://127.0.0.1:${port}`);
    const sensors = await fetch(`${simulator.controlUrl}/sensors`);
    expect(((await sensors.json()) as { sensors: string[] }).sensors).toContain('SIM00042.net1.n02.2');
  });

  it('fails to start without fallback when the control port is taken', async () => {
    const { port } = await takenPort();
    await expect(
      startSimulator({ devices: [identity], transport: { kind: 'none' }, controlPort: port }),
    ).rejects.toThrow(/EADDRINUSE/);
  });
});
