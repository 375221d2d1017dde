import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { auditRoutes } from './audit.routes';
import { AuditService } from './audit.service';
import { subscribeAuditRecorder } from './audit-recorder';
import { startAuditRetention } from './audit-retention';

/**
 * The audit trail (docs/audit.md): records every `change-recorded` domain event in the publisher's transaction,
 * prunes with the history retention, and answers audit/ and its export. Registered before the domains that publish
 * (subscribers are in place before the first request).
 */
export async function registerAudit(app: FastifyInstance, ctx: AppContext): Promise<void> {
  subscribeAuditRecorder(ctx.events);
  const retention = startAuditRetention(ctx.db, ctx.config.historyRetentionDays, app.log);
  app.addHook('onClose', async () => retention.stop());
  await app.register(auditRoutes, { audit: new AuditService({ db: ctx.db }) });
}
