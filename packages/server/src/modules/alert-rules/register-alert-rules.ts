import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { alertRulesRoutes } from './alert-rules.routes';
import { AlertRulesService } from './alert-rules.service';

/** E-mail alert rules (docs/alert-rules.md): the CRUD calls; the e-mail engine reads them with findRulesFor. */
export async function registerAlertRules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(alertRulesRoutes, { alertRules: new AlertRulesService(ctx.db) });
}
