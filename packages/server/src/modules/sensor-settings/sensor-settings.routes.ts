import {
  DeviceIdParamsSchema,
  FixNotificationsBodySchema,
  FixNotificationsResultSchema,
  IE_NODE_UNITS,
  SensorDisplaySettingsSchema,
  SensorImagesSaveSchema,
  SensorImagesSchema,
  SensorImageTypesSchema,
  SensorTypesSaveSchema,
  SensorTypesSchema,
  UnitsListSchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../access/authenticate';
import { AUTH_RESPONSES, DENIED_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import { getDisplaySettings, type SensorSettingsDeps } from './device-settings';
import type { FixNotificationsService } from './fix-notifications.service';
import { listSensorImageTypes } from './sensor-image-types';
import type { SensorImagesService } from './sensor-images.service';
import type { SensorTypesService } from './sensor-types.service';

const tags = ['sensor settings'];

export type SensorSettingsRoutesOptions = {
  deps: SensorSettingsDeps;
  types: SensorTypesService;
  images: SensorImagesService;
  fixes: FixNotificationsService;
};

/** Sensor types, units, images, the display settings and fix-notifications/ (M section 7; docs/sensor-settings.md). */
export async function sensorSettingsRoutes(
  app: FastifyInstance,
  options: SensorSettingsRoutesOptions,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { deps, types, images, fixes } = options;
  const auth = { onRequest: app.authenticate };

  api.get('/api/v1/devices/:id/settings/sensor-types', {
    ...auth,
    schema: {
      tags,
      summary: 'Type (BOOL/NUMERIC), unit and k, c of each sensor (device types 0005 and 0006 only)',
      security: JWT_SECURITY,
      params: DeviceIdParamsSchema,
      response: { 200: SensorTypesSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => types.getTypes(requireAuth(request).user, request.params.id),
  });

  api.post('/api/v1/devices/:id/settings/sensor-types', {
    ...auth,
    schema: {
      tags,
      summary: 'Set sensor types: {sensor_types: {<sensorId>: {type, unit, k, c}}} (0005 and 0006 only). 201',
      security: JWT_SECURITY,
      params: DeviceIdParamsSchema,
      body: SensorTypesSaveSchema,
      response: { 201: SensorTypesSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request, reply) => {
      const saved = await types.saveTypes(requireAuth(request).user, request.params.id, request.body);
      return reply.code(201).send(saved);
    },
  });

  api.get('/api/v1/ie-node-units/', {
    ...auth,
    schema: {
      tags,
      summary: 'The units a sensor type can have (a fixed list)',
      security: JWT_SECURITY,
      response: { 200: UnitsListSchema, ...AUTH_RESPONSES },
    },
    handler: async () => ({ results: [...IE_NODE_UNITS] }),
  });

  api.get('/api/v1/sensor-image-types/', {
    ...auth,
    schema: {
      tags,
      summary: 'The sensor images to choose from, with the URL of each picture',
      security: JWT_SECURITY,
      response: { 200: SensorImageTypesSchema, ...AUTH_RESPONSES },
    },
    handler: async () => listSensorImageTypes(),
  });

  api.get('/api/v1/devices/:id/settings/sensor-images/', {
    ...auth,
    schema: {
      tags,
      summary: "The image type chosen for each sensor, by group (null: 'Default image')",
      security: JWT_SECURITY,
      params: DeviceIdParamsSchema,
      response: { 200: SensorImagesSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => images.getImages(requireAuth(request).user, request.params.id),
  });

  api.post('/api/v1/devices/:id/settings/sensor-images/', {
    ...auth,
    schema: {
      tags,
      summary:
        "Choose images: {sensor_image_types: {<sensorId>: <imageTypeId> | null ('Default image')}}. 201",
      security: JWT_SECURITY,
      params: DeviceIdParamsSchema,
      body: SensorImagesSaveSchema,
      response: { 201: SensorImagesSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request, reply) => {
      const saved = await images.saveImages(requireAuth(request).user, request.params.id, request.body);
      return reply.code(201).send(saved);
    },
  });

  api.get('/api/v1/devices/:id/settings/display/', {
    ...auth,
    schema: {
      tags,
      summary: 'Every display setting of the device in one answer: names, types, images, degrees, networks',
      security: JWT_SECURITY,
      params: DeviceIdParamsSchema,
      response: { 200: SensorDisplaySettingsSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => getDisplaySettings(deps.db, requireAuth(request).user, request.params.id),
  });

  api.post('/api/v1/devices/:id/fix-notifications/', {
    ...auth,
    schema: {
      tags,
      summary: 'Super user: close alarms and warnings still open in the log but not in the latest tree',
      security: JWT_SECURITY,
      params: DeviceIdParamsSchema,
      body: FixNotificationsBodySchema,
      response: { 200: FixNotificationsResultSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) =>
      fixes.fix(requireAuth(request).user, request.params.id, request.body?.device_id),
  });
}
