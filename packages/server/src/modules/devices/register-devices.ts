import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { devicesRoutes } from './devices.routes';
import { historyRoutes } from './history.routes';

/** Devices (M section 2): the list, details, binding to hardware, and their historical records. */
export async function registerDevices(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(devicesRoutes, ctx);
  await app.register(historyRoutes, ctx);
}
