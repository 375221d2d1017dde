import {
  AlarmPerformanceSchema,
  AlarmSensorDataSchema,
  AlarmTimeDataSchema,
  AlarmTypeDataSchema,
  AnalyticsDeviceParamsSchema,
  AnalyticsQuerySchema,
  AnalyticsSiteParamsSchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../access/authenticate';
import { DENIED_RESPONSES, JWT_SECURITY } from '../../http/route-schemas';
import type { AlarmPerformanceService } from './alarm-performance.service';
import type { AnalyticsService } from './analytics.service';

const tags = ['analytics'];
const base = '/api/v1/analytics/:device';

/** analytics/{device}/alarm-sensor|alarm-time|alarm-type/ of M section 7 (docs/analytics.md). */
export async function analyticsRoutes(
  app: FastifyInstance,
  options: { analytics: AnalyticsService; performance: AlarmPerformanceService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { analytics, performance } = options;
  const schemaOf = <T>(summary: string, answer: T) => ({
    tags,
    summary,
    security: JWT_SECURITY,
    params: AnalyticsDeviceParamsSchema,
    querystring: AnalyticsQuerySchema,
    response: { 200: answer, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
  });

  api.get(`${base}/alarm-sensor/`, {
    onRequest: app.authenticate,
    schema: schemaOf('Alarms per sensor between start and end (super user / OEM)', AlarmSensorDataSchema),
    handler: async (request) =>
      analytics.alarmSensor(requireAuth(request).user, request.params.device, request.query),
  });

  api.get(`${base}/alarm-time/`, {
    onRequest: app.authenticate,
    schema: schemaOf(
      "Alarms per hour of the day on the site's clock (super user / OEM)",
      AlarmTimeDataSchema,
    ),
    handler: async (request) =>
      analytics.alarmTime(requireAuth(request).user, request.params.device, request.query),
  });

  api.get(`${base}/alarm-type/`, {
    onRequest: app.authenticate,
    schema: schemaOf('[total, alarms per type] for the pie chart (super user / OEM)', AlarmTypeDataSchema),
    handler: async (request) =>
      analytics.alarmType(requireAuth(request).user, request.params.device, request.query),
  });

  api.get('/api/v1/analytics/site/:locationId/alarm-performance/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary:
        "Beyond the spec: the site's alarm rate, chattering and standing alarms, top sensors, time to clear",
      security: JWT_SECURITY,
      params: AnalyticsSiteParamsSchema,
      querystring: AnalyticsQuerySchema,
      response: { 200: AlarmPerformanceSchema, 400: ValidationErrorSchema, ...DENIED_RESPONSES },
    },
    handler: async (request) =>
      performance.alarmPerformance(requireAuth(request).user, request.params.locationId, request.query),
  });
}
