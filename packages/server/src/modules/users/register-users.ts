import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { MembershipsService } from './memberships.service';
import { usersRoutes } from './users.routes';
import { UsersService } from './users.service';
import { UsersCreateService } from './users-create.service';
import { UsersReadService } from './users-read.service';
import { UsersRemoveService } from './users-remove.service';
import { UsersResendActivationService } from './users-resend-activation.service';
import { UsersUpdateService } from './users-update.service';

/** Assigned users and memberships (A section 8): who may see and change which site. */
export async function registerUsers(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { bus: signals, config, db, mailer, events } = ctx;
  const read = new UsersReadService({ db });
  await app.register(usersRoutes, {
    read,
    create: new UsersCreateService({
      config,
      db,
      mailer,
      users: new UsersService({ db }),
      reader: read,
      events,
    }),
    update: new UsersUpdateService({ db, signals, reader: read, events }),
    remove: new UsersRemoveService({ db, signals, events }),
    resendActivation: new UsersResendActivationService({ config, db, mailer }),
    memberships: new MembershipsService({ db, signals, events }),
  });
}
