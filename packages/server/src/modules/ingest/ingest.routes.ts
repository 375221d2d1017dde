import { DetailResponseSchema, ErrorDetailSchema, LIMIT_MESSAGES } from '@vigil/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CredentialGuard } from './credential-guard';
import type { IngestService } from './ingest.service';
import type { RejectReason } from './ingest-metrics';

const REALM = 'Basic realm="Vigil device ingest", charset="UTF-8"';
const REJECT_STATUS: Partial<Record<RejectReason, 403 | 413 | 429 | 500 | 503>> = {
  oversize: 413,
  store_failed: 503,
  overloaded: 503,
  suspended: 403,
  unknown_device: 403,
  rate_limited: 429,
  internal_error: 500,
};

/** serial:code of an `Authorization: Basic` header, or undefined. */
export function parseBasicAuth(header: string | undefined): { serial: string; code: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) {
    return undefined;
  }
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 1 ? undefined : { serial: decoded.slice(0, colon), code: decoded.slice(colon + 1) };
}

function deny(reply: FastifyReply, status: 401 | 403, detail: string) {
  if (status === 401) {
    reply.header('WWW-Authenticate', REALM);
  }
  return reply.code(status).send({ detail });
}

/** POST /api/v1/ingest/<udf_id>/: a device's state tree over HTTP (docs/device-protocol.md). */
export async function ingestRoutes(
  app: FastifyInstance,
  deps: { ingest: IngestService; guard: CredentialGuard },
) {
  // The body reaches the ingest as bytes: it counts, parses and validates like an MQTT payload.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/v1/ingest/:udfId/', {
    bodyLimit: 1024 * 1024,
    schema: {
      tags: ['ingest'],
      summary: 'A device sends its state tree (Basic auth: serial number and code); 202 once stored',
      security: [{ device: [] }],
      params: z.object({ udfId: z.string().describe('The device udf_id') }),
      response: {
        202: DetailResponseSchema,
        400: ErrorDetailSchema,
        401: ErrorDetailSchema,
        403: ErrorDetailSchema,
        413: ErrorDetailSchema,
        429: ErrorDetailSchema,
        500: ErrorDetailSchema,
        503: ErrorDetailSchema,
      },
    },
    handler: async (request, reply) => {
      const credentials = parseBasicAuth(request.headers.authorization);
      const login =
        credentials &&
        (await deps.guard.authenticate(
          deps.ingest.directory,
          credentials.serial,
          credentials.code,
          request.ip,
        ));
      if (login?.outcome === 'throttled') {
        reply.header('Retry-After', String(login.retryAfterSeconds));
        return reply.code(429).send({ detail: LIMIT_MESSAGES.credentialGuessing(login.retryAfterSeconds) });
      }
      if (login?.outcome !== 'device') {
        return deny(reply, 401, 'Invalid device credentials.');
      }
      const { device } = login;
      const { udfId } = request.params;
      if (device.udfId !== udfId || device.isSuspended) {
        const reason = device.isSuspended ? 'suspended' : 'topic_denied';
        deps.ingest.reject(udfId, reason, `HTTP ingest by ${device.udfId}`);
        return deny(reply, 403, 'This device may not send to this address.');
      }
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const result = await deps.ingest.ingestState(udfId, body);
      if (!result.ok) {
        if (result.reason === 'rate_limited') {
          reply.header('Retry-After', '1');
        }
        return reply.code(REJECT_STATUS[result.reason] ?? 400).send({ detail: result.message });
      }
      return reply.code(202).send({ detail: 'Accepted' });
    },
  });
}
