import { ErrorDetailSchema, IdParamSchema, MachineTypeListSchema } from '@vigil/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../access/authenticate';
import { notFound } from '../../../errors';
import { AUTH_RESPONSES, JWT_SECURITY } from '../../../http/route-schemas';
import { requireVisualDashboard } from '../visual-dashboard-access';
import { MACHINE_SIDES } from './machine-type-catalog';
import { MACHINE_STATES } from './machine-type-images';
import { IMAGE_SIZES, type MachineTypeImage, type MachineTypesService } from './machine-types.service';

const tags = ['visual dashboard'];

/** A URL naming the current picture (its `v`) never changes content: the browser keeps it a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Without `v`, or with an old one: the current picture, revalidated by its ETag each time. */
export const REVALIDATE_CACHE = 'public, no-cache';
/** The picture is a document of its own: nothing loads, nothing runs, its inline styles only. */
export const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

const ImageParamsSchema = z.object({
  id: IdParamSchema.describe('Machine type id'),
  state: z.enum(MACHINE_STATES as [string, ...string[]]).describe('Drawn state'),
  side: z.enum(MACHINE_SIDES as [string, ...string[]]).describe('left: as drawn; right: mirrored'),
  size: z.enum(IMAGE_SIZES as [string, ...string[]]).describe('large: catalog size; small: 64 px long side'),
});

const ImageQuerySchema = z.object({
  v: z
    .string()
    .optional()
    .describe('Content hash, as the list gives it: with the current one, cached a year'),
});

function etagMatches(header: string | undefined, etag: string): boolean {
  return (header ?? '').split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/** The SVG with its caching: immutable only under the URL of its content, else revalidated by ETag. */
function sendImage(request: FastifyRequest, reply: FastifyReply, image: MachineTypeImage, v?: string) {
  const etag = `"${image.hash}"`;
  reply.header('ETag', etag).header('Cache-Control', v === image.hash ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
  if (etagMatches(request.headers['if-none-match'], etag)) {
    return reply.code(304).send();
  }
  return reply.type('image/svg+xml; charset=utf-8').send(image.svg);
}

/** `type-of-machine/` and the machine-type pictures (M section 7 'Visual dashboard (api/v2)'). */
export async function machineTypesRoutes(
  app: FastifyInstance,
  options: { machineTypes: MachineTypesService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { machineTypes } = options;

  api.get('/api/v2/type-of-machine/', {
    onRequest: [app.authenticate, requireVisualDashboard],
    schema: {
      tags,
      summary:
        'Every machine type with its pictures per state and side, anchor and sensor points (a plain array)',
      security: JWT_SECURITY,
      response: { 200: MachineTypeListSchema, ...AUTH_RESPONSES },
    },
    handler: async (request) => machineTypes.list(requireAuth(request).user),
  });

  api.get('/api/v2/type-of-machine/:id/images/:state/:side/:size.svg', {
    // Anything that is not a picture of the library is 404, like any unknown resource, not 400.
    attachValidation: true,
    // After the app's security headers: the picture's own, stricter policy.
    onSend: async (_request, reply, payload) => {
      reply.header('Content-Security-Policy', SVG_CONTENT_SECURITY_POLICY);
      return payload;
    },
    schema: {
      tags,
      summary: 'A machine-type picture (SVG). Public: an <img> sends no token, and the pictures hold no data',
      description:
        "The URLs come from type-of-machine/. With `v` equal to the picture's content hash the answer is " +
        `cached a year (${IMMUTABLE_CACHE}); without it, revalidated by ETag (304).`,
      params: ImageParamsSchema,
      querystring: ImageQuerySchema,
      response: {
        200: { description: 'The SVG document', content: { 'image/svg+xml': { schema: z.string() } } },
        404: ErrorDetailSchema,
      },
    },
    handler: async (request, reply) => {
      if (request.validationError) {
        throw notFound();
      }
      const image = machineTypes.image(request.params);
      return sendImage(request, reply, image, request.query.v);
    },
  });
}
