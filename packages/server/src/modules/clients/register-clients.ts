import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { UsersService } from '../users/users.service';
import { clientsRoutes } from './clients.routes';
import { ClientsService } from './clients.service';

/** Clients (A section 8): the staff list, client details and their accounts management. */
export async function registerClients(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { config, db, mailer, bus } = ctx;
  const clients = new ClientsService({ config, db, mailer, signals: bus, users: new UsersService({ db }) });
  await app.register(clientsRoutes, { clients });
}
