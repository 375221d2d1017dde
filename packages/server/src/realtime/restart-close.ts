import { LIVE_FEED_CLOSE } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * @fastify/websocket's `preClose` when the instance stops (SIGTERM, a rolling restart; docs/operations.md
 * 'Restarts'): every open socket is closed with 1012 Service Restart, which the web app answers by reconnecting at
 * once (through the proxy, to another instance), instead of the plugin's default close without a code, which it
 * treats as a loss and backs off from. The WebSocket server then takes no new socket.
 */
export function closeSocketsForRestart(this: FastifyInstance, done: () => void): void {
  const server = this.websocketServer;
  for (const client of server.clients) {
    client.close(LIVE_FEED_CLOSE.serviceRestart, 'Service Restart');
  }
  server.close();
  done();
}
