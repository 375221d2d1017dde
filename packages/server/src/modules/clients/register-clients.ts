import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { clientsRoutes } from './clients.routes';

/** Clients (A section 8): the staff list, client details and their accounts management. */
export async function registerClients(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(clientsRoutes, ctx);
}
