import multipart from '@fastify/multipart';
import {
  DeviceIdParamsSchema,
  SENSOR_SETTINGS_MESSAGES as MESSAGES,
  SENSOR_NAMES_CSV_MAX_BYTES,
  SensorNamesSaveSchema,
  SensorNamesSchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../access/authenticate';
import { AppError } from '../../errors';
import { DENIED_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import type { SensorNamesService } from './sensor-names.service';
import type { SensorNamesTransferService } from './sensor-names-transfer.service';

const tags = ['sensor settings'];

/** The uploaded file's bytes; every multipart problem is a 400 on `file`. */
async function readCsvUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw AppError.validation({ file: [MESSAGES.fileRequired] });
  }
  try {
    const file = await request.file();
    if (file === undefined) {
      throw AppError.validation({ file: [MESSAGES.fileRequired] });
    }
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) {
      throw error;
    }
    const code = (error as { code?: unknown }).code;
    const message = code === 'FST_REQ_FILE_TOO_LARGE' ? MESSAGES.fileTooLarge : MESSAGES.fileRequired;
    throw AppError.validation({ file: [message] });
  }
}

/** RFC 6266 attachment header with a plain ASCII file name (the name is built from the type and id). */
const attachment = (fileName: string) => `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`;

/**
 * settings/sensor-names (called with and without the trailing slash: the app ignores it), its CSV export and
 * import (M section 7; docs/sensor-settings.md).
 */
export async function sensorNamesRoutes(
  app: FastifyInstance,
  options: { names: SensorNamesService; transfer: SensorNamesTransferService },
): Promise<void> {
  // Multipart parsing exists only inside this plugin, for the CSV import.
  await app.register(multipart, {
    limits: { fileSize: SENSOR_NAMES_CSV_MAX_BYTES, files: 1, fields: 10, parts: 11 },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { names, transfer } = options;

  api.get('/api/v1/devices/:id/settings/sensor-names', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary:
        "Each sensor's own name (label) and custom name, by group; F500-UDF adds degrees and networks 1-4",
      security: JWT_SECURITY,
      params: DeviceIdParamsSchema,
      response: { 200: SensorNamesSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => names.getNames(requireAuth(request).user, request.params.id),
  });

  api.post('/api/v1/devices/:id/settings/sensor-names', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Set custom names (blank removes one); F500-UDF: degrees (required) and network names. 201',
      security: JWT_SECURITY,
      params: DeviceIdParamsSchema,
      body: SensorNamesSaveSchema,
      response: { 201: SensorNamesSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request, reply) => {
      const saved = await names.saveNames(requireAuth(request).user, request.params.id, request.body);
      return reply.code(201).send(saved);
    },
  });

  api.get('/api/v1/devices/:id/settings/export/sensor-names/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'CSV of the sensor names (sensor_id, group, label, name), file sensor_names_{type}_{id}.csv',
      security: JWT_SECURITY,
      params: DeviceIdParamsSchema,
      produces: ['text/csv'],
    },
    handler: async (request, reply) => {
      const file = await transfer.exportNames(requireAuth(request).user, request.params.id);
      // The BOM makes spreadsheets read the file as UTF-8 (names may hold any character).
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', attachment(file.fileName))
        .header('Cache-Control', 'no-store')
        .send(`\uFEFF${file.text}`);
    },
  });

  api.post('/api/v1/devices/:id/settings/import/sensor-names/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: `Import names from a CSV (multipart field "file", at most ${SENSOR_NAMES_CSV_MAX_BYTES / 1024 / 1024} MB): all rows or none`,
      security: JWT_SECURITY,
      params: DeviceIdParamsSchema,
      consumes: ['multipart/form-data'],
      response: { 200: SensorNamesSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) =>
      transfer.importNames(requireAuth(request).user, request.params.id, () => readCsvUpload(request)),
  });
}
