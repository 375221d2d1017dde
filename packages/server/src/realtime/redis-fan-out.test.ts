import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildClient, buildClientUser, buildSite, TEST_PASSWORD } from '../../test/factories';
import { provisionDevice, type TestDevice, treeOf, waitFor } from '../../test/telemetry';
import { authHeader, buildTestApp, type TestApp } from '../../test/test-app';

// Two Vigil instances on one database and one Redis (CI: TEST_REDIS_URL=redis://127.0.0.1:6379).
const redisUrl = process.env.TEST_REDIS_URL;

type Feed = { socket: WebSocket; frames: string[] };

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

function openFeed(baseUrl: string, udfId: string, token: string): Promise<Feed> {
  const socket = new WebSocket(`${baseUrl}/ws/device-data/${udfId}/?token=${encodeURIComponent(token)}`);
  const frames: string[] = [];
  socket.on('message', (data) => frames.push(data.toString()));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, frames }));
    socket.once('error', reject);
  });
}

describe.skipIf(redisUrl === undefined)(
  'live feed across instances through Redis (needs TEST_REDIS_URL)',
  () => {
    let a: TestApp;
    let b: TestApp;
    let urlA: string;
    let urlB: string;
    let watched: TestDevice;
    let token: string;

    beforeAll(async () => {
      // A channel prefix of its own, so parallel test files (and runs) never see each other's frames.
      const env = {
        REDIS_URL: redisUrl as string,
        REDIS_CHANNEL_PREFIX: `vigil-test-${process.pid}-${randomBytes(4).toString('hex')}:`,
      };
      a = await buildTestApp({ env });
      b = await buildTestApp({ env, database: a.database });
      urlA = await listen(a.app);
      urlB = await listen(b.app);
      const client = await buildClient(a.db);
      const site = await buildSite(a.db, client);
      watched = await provisionDevice(a.db, { site });
      const member = await buildClientUser(a.db, client, { site, permission: 'User' });
      token = (await authHeader(b.app, member.email, TEST_PASSWORD)).slice(4);
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('a browser on instance B receives the tree a device sent to instance A, once; so does one on A', async () => {
      const onB = await openFeed(urlB, watched.identity.udfId, token);
      const onA = await openFeed(urlA, watched.identity.udfId, token);
      try {
        // Let both sockets' authorization and Redis subscriptions finish before the device publishes.
        await new Promise((resolve) => setTimeout(resolve, 200));
        const tree = treeOf(watched.identity, 7);
        const { serialNumber, code, udfId } = watched.identity;
        const response = await a.app.inject({
          method: 'POST',
          url: `/api/v1/ingest/${udfId}/`,
          headers: {
            'content-type': 'application/json',
            authorization: `Basic ${Buffer.from(`${serialNumber}:${code}`).toString('base64')}`,
          },
          payload: tree,
        });
        expect(response.statusCode).toBe(202);

        await waitFor(() => onB.frames.length > 0 && onA.frames.length > 0, 2000);
        // Anything delivered twice (locally and through Redis) would have arrived by now.
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(onB.frames).toEqual([tree]);
        expect(onA.frames).toEqual([tree]);
      } finally {
        onA.socket.close();
        onB.socket.close();
      }
    });
  },
);
