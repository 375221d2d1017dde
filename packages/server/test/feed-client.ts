import type { AddressInfo } from 'node:net';
import type { DeviceIdentity } from '@vigil/simulator';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** A browser's ws/device-data/ socket: the frames it received and the close code it got. */
export type FeedClient = {
  socket: WebSocket;
  frames: string[];
  /** Resolves with the close code. */
  closed: Promise<number>;
  isClosed(): boolean;
};

/** Listens on a free port and returns the WebSocket base URL. */
export async function listenForSockets(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * Opens ws/device-data/<udf_id>/: with `query` the token goes in the URL; with `firstFrame` that text is
 * sent as the first frame once open (an auth frame, or something that is not one).
 */
export function openFeedClient(
  baseUrl: string,
  udfId: string,
  auth: { query: string } | { firstFrame: string },
): Promise<FeedClient> {
  const query = 'query' in auth ? `?token=${encodeURIComponent(auth.query)}` : '';
  const socket = new WebSocket(`${baseUrl}/ws/device-data/${udfId}/${query}`);
  const frames: string[] = [];
  let isClosed = false;
  socket.on('message', (data) => frames.push(data.toString()));
  const closed = new Promise<number>((resolve) =>
    socket.on('close', (code) => {
      isClosed = true;
      resolve(code);
    }),
  );
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      if ('firstFrame' in auth) {
        socket.send(auth.firstFrame);
      }
      resolve({ socket, frames, closed, isClosed: () => isClosed });
    });
    socket.once('error', reject);
  });
}

/** The first frame that authenticates a feed socket. */
export function authFrame(token: string): string {
  return JSON.stringify({ cmd: 'auth', token });
}

/** POSTs a tree to the HTTP ingest as the device; resolves with the status code (202 once stored). */
export async function postTree(
  app: FastifyInstance,
  identity: Pick<DeviceIdentity, 'serialNumber' | 'code' | 'udfId'>,
  tree: string,
): Promise<number> {
  const { serialNumber, code, udfId } = identity;
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/ingest/${udfId}/`,
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${serialNumber}:${code}`).toString('base64')}`,
    },
    payload: tree,
  });
  return response.statusCode;
}
