import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { AlarmPerformanceService } from './alarm-performance.service';
import { analyticsRoutes } from './analytics.routes';
import { AnalyticsService } from './analytics.service';

/** Analytics (docs/analytics.md): read-only reports over the device events of docs/telemetry.md. */
export async function registerAnalytics(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const analytics = new AnalyticsService({ db: ctx.db });
  const performance = new AlarmPerformanceService({ db: ctx.db, analytics });
  await app.register(analyticsRoutes, { analytics, performance });
}
