import { createHash, timingSafeEqual } from 'node:crypto';
import { COMMON_MESSAGES } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { AppError } from '../errors';

/** True when the Authorization header is `Bearer <token>`; compares digests, in constant time. */
export function isMetricsTokenValid(authorization: string | undefined, token: string): boolean {
  const presented = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(token)) && presented !== '';
}

/**
 * Prometheus registry of one app instance, with HTTP request counts and latencies. /metrics is served
 * only to `Authorization: Bearer <METRICS_TOKEN>`; without a token configured it does not exist (404).
 */
export function registerMetrics(app: FastifyInstance, token: string | undefined): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'vigil_' });
  const requests = new Counter({
    name: 'vigil_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'vigil_http_request_duration_seconds',
    help: 'HTTP request latency in seconds, by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, not the raw URL, so ids and search strings do not explode the label set.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token === undefined) {
      throw new AppError('not_found', COMMON_MESSAGES.notFound);
    }
    if (!isMetricsTokenValid(request.headers.authorization, token)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new AppError('unauthenticated', COMMON_MESSAGES.notAuthenticated);
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}
