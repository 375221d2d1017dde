import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { hardwareRoutes } from './hardware.routes';
import { HardwareService } from './hardware.service';

/** Hardware units (A section 8, staff): the units a device can be bound to. */
export async function registerHardware(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(hardwareRoutes, { hardware: new HardwareService({ db: ctx.db }) });
}
