import type { FastifyInstance } from 'fastify';

/** Liveness (the process answers) and readiness (the database answers). */
export function registerHealth(app: FastifyInstance, ping: () => Promise<void>): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await ping();
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed: database unreachable');
      return reply.code(503).send({ status: 'unavailable', detail: 'Database unreachable.' });
    }
  });
}
