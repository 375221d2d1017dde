import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { AlertEngine } from './alert-engine';
import { alertRulesRoutes } from './alert-rules.routes';
import { AlertRulesService } from './alert-rules.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the e-mails the alert rules owe (tests call drain()). */
    alertEngine: AlertEngine;
  }
}

/**
 * E-mail alert rules (docs/alert-rules.md): the CRUD calls, and the e-mail engine, which plans what the rules owe
 * when the notifications domain dispatches new notifications ('notifications-dispatched') and sends it.
 */
export async function registerAlertRules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const engine = new AlertEngine({
    db: ctx.db,
    mailer: ctx.mailer,
    publicUrl: ctx.config.publicUrl,
    log: app.log,
    grouping: {
      waitMs: ctx.config.alertGroupWaitSeconds * 1000,
      intervalMs: ctx.config.alertGroupIntervalSeconds * 1000,
    },
  });
  ctx.events.subscribe('notifications-dispatched', (tx, { fresh, now }) => engine.plan(tx, fresh, now));
  engine.start();
  app.decorate('alertEngine', engine);
  app.addHook('onClose', async () => engine.stop());

  await app.register(alertRulesRoutes, {
    alertRules: new AlertRulesService({ db: ctx.db, events: ctx.events }),
  });
}
