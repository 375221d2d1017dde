import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { escalationRoutes } from './escalation.routes';
import { EscalationService } from './escalation.service';
import { EscalationEngine } from './escalation-engine';

declare module 'fastify' {
  interface FastifyInstance {
    /** Walks unacknowledged alarms through their site's escalation levels (tests call drain()). */
    escalationEngine: EscalationEngine;
  }
}

/**
 * Escalation (issue 27, docs/escalation.md): the policy calls, and the engine, which stores level 1 of each new
 * alarm when the notifications domain dispatches it ('notifications-dispatched') and fires the due levels.
 */
export async function registerEscalation(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const engine = new EscalationEngine({
    db: ctx.db,
    mailer: ctx.mailer,
    publicUrl: ctx.config.publicUrl,
    log: app.log,
  });
  ctx.events.subscribe('notifications-dispatched', (tx, { fresh }) => engine.plan(tx, fresh));
  engine.start();
  app.decorate('escalationEngine', engine);
  app.addHook('onClose', async () => engine.stop());

  await app.register(escalationRoutes, {
    escalation: new EscalationService({ db: ctx.db, events: ctx.events }),
  });
}
