import {
  DEVICES_LIST_LIMIT,
  DeviceCreateSchema,
  DeviceIdParamsSchema,
  DeviceListQuerySchema,
  DeviceListSchema,
  DeviceSchema,
  DeviceSensorGroupsSchema,
  DeviceUpdateSchema,
  paginatedSchema,
  SITE_DEVICES_LIMIT,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../access/authenticate';
import { pageOf, paginated } from '../../http/pagination';
import { DENIED_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import type { DevicesService } from './devices.service';
import type { DeviceListService } from './devices-list.service';
import type { HistoryService } from './history.service';

/** The services of the device routes, built once in registerDevices. */
export type DevicesRouteServices = {
  devices: DevicesService;
  deviceList: DeviceListService;
  history: HistoryService;
};

const tags = ['devices'];
const BASE = '/api/v1/devices/';

function optionsOf(query: z.infer<typeof DeviceListQuerySchema>) {
  return {
    location: query.location,
    deviceType: query.device_type,
    isOnline: query.is_online,
    isSuspended: query.is_suspended,
    search: query.search,
  };
}

/** devices/ of A section 7, and the staff's hardware/ units the devices are bound to. */
export async function devicesRoutes(app: FastifyInstance, options: DevicesRouteServices): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { devices, deviceList, history } = options;
  const list = { 200: paginatedSchema(DeviceSchema), 400: ValidationErrorSchema, ...DENIED_RESPONSES };

  api.get(BASE, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Devices of the current site (or of location)',
      security: JWT_SECURITY,
      querystring: DeviceListQuerySchema,
      response: { ...list, 200: DeviceListSchema },
    },
    handler: async (request) => {
      const page = pageOf(request.query, SITE_DEVICES_LIMIT);
      const { user } = requireAuth(request);
      const { results } = await deviceList.listSite(user, optionsOf(request.query), page);
      return results;
    },
  });

  api.get(`${BASE}all/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Every device the user may see',
      security: JWT_SECURITY,
      querystring: DeviceListQuerySchema,
      response: list,
    },
    handler: async (request) => {
      const page = pageOf(request.query, DEVICES_LIST_LIMIT);
      const { user } = requireAuth(request);
      const { count, results } = await deviceList.listAll(user, optionsOf(request.query), page);
      return paginated(request, page, count, results);
    },
  });

  api.post(BASE, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary:
        "Add a device with a provisioned unit's serial number and code (manager or accounts management)",
      security: JWT_SECURITY,
      body: DeviceCreateSchema,
      response: { 201: DeviceSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request, reply) => {
      const device = await devices.create(requireAuth(request).user, request.body);
      return reply.code(201).send(device);
    },
  });

  api.get(`${BASE}:id/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'One device',
      security: JWT_SECURITY,
      params: DeviceIdParamsSchema,
      response: { 200: DeviceSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => devices.get(requireAuth(request).user, request.params.id),
  });

  api.patch(`${BASE}:id/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Change a device (editors of the site; is_emulated_as: super users and OEM)',
      security: JWT_SECURITY,
      params: DeviceIdParamsSchema,
      body: DeviceUpdateSchema,
      response: { 200: DeviceSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => devices.edit(requireAuth(request).user, request.params.id, request.body),
  });

  api.delete(`${BASE}:id/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Remove a device (editors of the site); its hardware unit becomes free',
      security: JWT_SECURITY,
      params: DeviceIdParamsSchema,
      response: { 204: z.null().describe('Removed'), ...DENIED_RESPONSES },
    },
    handler: async (request, reply) => {
      await devices.remove(requireAuth(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  });

  api.post(`${BASE}:id/suspend/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Deactivate or reactivate a device (toggles is_suspended)',
      security: JWT_SECURITY,
      params: DeviceIdParamsSchema,
      response: { 200: DeviceSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => devices.toggleSuspension(requireAuth(request).user, request.params.id),
  });

  api.post(`${BASE}:id/select/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Make the device (and its site and client) the current ones',
      security: JWT_SECURITY,
      params: DeviceIdParamsSchema,
      response: { 200: DeviceSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => devices.select(requireAuth(request).user, request.params.id),
  });

  api.get(`${BASE}:id/sensors/`, {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Sensor groups of the latest stored tree (empty before the device sent one)',
      security: JWT_SECURITY,
      params: DeviceIdParamsSchema,
      response: { 200: DeviceSensorGroupsSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) => history.listSensorGroups(requireAuth(request).user, request.params.id),
  });
}
