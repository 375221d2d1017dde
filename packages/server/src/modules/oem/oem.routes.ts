import multipart from '@fastify/multipart';
import {
  ErrorDetailSchema,
  LayoutSettingsSchema,
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
  OemSettingsPatchSchema,
  RssFeedPageSchema,
  RssFeedSaveSchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../access/authenticate';
import { AppError } from '../../errors';
import { listFieldErrors } from '../../http/list-field-errors';
import { AUTH_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import { flatpagesRoutes } from './flatpages.routes';
import type { FlatpagesService } from './flatpages.service';
import type { OemSettingsService } from './oem-settings.service';
import { requireStaff } from './require-staff';
import type { RssFeedService } from './rss-feed.service';

/** The services of the OEM routes, built once in registerOem. */
export type OemServices = {
  settings: OemSettingsService;
  rssFeed: RssFeedService;
  flatpages: FlatpagesService;
};

/** The uploaded file's bytes; every multipart problem is a 400 on `logo`. */
async function readLogoUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw AppError.validation({ logo: [LOGO_MESSAGES.fileRequired] });
  }
  try {
    const file = await request.file();
    if (file === undefined) {
      throw AppError.validation({ logo: [LOGO_MESSAGES.fileRequired] });
    }
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) {
      throw error;
    }
    const code = (error as { code?: unknown }).code;
    const message = code === 'FST_REQ_FILE_TOO_LARGE' ? LOGO_MESSAGES.tooLarge : LOGO_MESSAGES.fileRequired;
    throw AppError.validation({ logo: [message] });
  }
}

/** layout-settings/, oem/settings/ (+ logo/), oem/rss-feed/ and the static pages (A section 7 'OEM and layout'). */
export async function oemRoutes(app: FastifyInstance, options: OemServices): Promise<void> {
  const { settings, rssFeed, flatpages } = options;
  // Multipart parsing exists only inside this plugin, for the logo upload.
  await app.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = [app.authenticate, requireStaff];

  // The earlier browser client calls it under /api/v2/ as well (wire-formats 'Layout settings'): one route, two paths.
  for (const version of ['v1', 'v2']) {
    api.get(`/api/${version}/layout-settings/`, {
      schema: {
        tags: ['oem'],
        summary: 'Logo, custom CSS and support contacts (public: the landing page shows the logo)',
        response: { 200: LayoutSettingsSchema },
      },
      handler: async () => settings.layoutSettings(),
    });
  }

  api.get('/api/v1/oem/settings/', {
    onRequest: staffOnly,
    schema: {
      tags: ['oem'],
      summary: 'OEM settings (super user and OEM)',
      security: JWT_SECURITY,
      response: { 200: LayoutSettingsSchema, ...AUTH_RESPONSES },
    },
    handler: async (request) => settings.get(requireAuth(request).user),
  });

  api.patch('/api/v1/oem/settings/', {
    onRequest: staffOnly,
    schema: {
      tags: ['oem'],
      summary: 'Change support contacts, custom CSS or the logo (as an image data URL)',
      security: JWT_SECURITY,
      body: OemSettingsPatchSchema,
      response: { 200: LayoutSettingsSchema, 400: ValidationErrorSchema, ...AUTH_RESPONSES },
    },
    handler: async (request) => settings.update(requireAuth(request).user, request.body),
  });

  api.post('/api/v1/oem/settings/logo/', {
    onRequest: staffOnly,
    schema: {
      tags: ['oem'],
      summary: 'Upload the logo (multipart, one file): PNG, JPEG, WEBP, GIF or sanitised SVG, at most 512 KB',
      security: JWT_SECURITY,
      consumes: ['multipart/form-data'],
      response: { 200: LayoutSettingsSchema, 400: ValidationErrorSchema, ...AUTH_RESPONSES },
    },
    handler: async (request) => settings.uploadLogo(requireAuth(request).user, await readLogoUpload(request)),
  });

  api.delete('/api/v1/oem/settings/logo/', {
    onRequest: staffOnly,
    schema: {
      tags: ['oem'],
      summary: 'Remove the custom logo: the default logo is shown again',
      security: JWT_SECURITY,
      response: { 204: z.null(), ...AUTH_RESPONSES },
    },
    handler: async (request, reply) => {
      await settings.resetLogo(requireAuth(request).user);
      return reply.code(204).send(null);
    },
  });

  api.get('/api/v1/oem/rss-feed/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['oem'],
      summary: 'The RSS feed entries shown to users',
      security: JWT_SECURITY,
      response: { 200: RssFeedPageSchema, 401: ErrorDetailSchema },
    },
    handler: async () => onePage(await rssFeed.list()),
  });

  api.post('/api/v1/oem/rss-feed/', {
    onRequest: staffOnly,
    attachValidation: true,
    schema: {
      tags: ['oem'],
      summary: 'Replace the RSS list: with id updates, without id creates; left out or delete: true removes',
      security: JWT_SECURITY,
      body: RssFeedSaveSchema,
      response: { 201: RssFeedPageSchema, 400: ValidationErrorSchema, ...AUTH_RESPONSES },
    },
    handler: async (request, reply) => {
      if (request.validationError) {
        throw AppError.validation(listFieldErrors(request.validationError.validation));
      }
      const entries = await rssFeed.save(requireAuth(request).user, request.body);
      return reply.code(201).send(onePage(entries));
    },
  });

  await flatpagesRoutes(app, { flatpages });
}

/** The whole feed as one page of the paginated shape (it holds at most 100 entries). */
function onePage<T>(results: T[]) {
  return { count: results.length, next: null, previous: null, results };
}
