import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { oemRoutes } from './oem.routes';

/** OEM settings (A section 10): branding, logo, RSS feed and static pages. */
export async function registerOem(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(oemRoutes, ctx);
}
