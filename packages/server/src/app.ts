import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerAuthentication } from './access/authenticate';
import { SessionAuthenticator } from './access/authentication';
import { SessionTokens } from './access/session-tokens';
import type { Config } from './config';
import { type AppContext, deriveKey } from './context';
import type { DatabaseHandle } from './db/database';
import { createDomainEvents } from './events/domain-events';
import { registerErrorHandler } from './http/error-handler';
import { registerHealth } from './http/health';
import { registerHeavyReadLimit } from './http/heavy-reads';
import { registerInputGuards } from './http/input-guards';
import { registerMetrics } from './http/metrics';
import { registerOpenApi } from './http/openapi';
import { buildLoggerOptions, createRequestLog, type LogDestination } from './http/request-log';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { LimitStore } from './limits/limit-store';
import { type MailDispatcher, startMailDispatcher } from './mail/mail-dispatcher';
import { createMailer } from './mail/mailer';
import { outboxRoutes } from './mail/outbox.routes';
import { OutboxService } from './mail/outbox.service';
import { AccountsService } from './modules/accounts/accounts.service';
import { LoginRateLimiter, type LoginRateLimits } from './modules/accounts/login-rate-limit';
import { registerAccounts } from './modules/accounts/register-accounts';
import { registerAlertRules } from './modules/alert-rules/register-alert-rules';
import { registerAnalytics } from './modules/analytics/register-analytics';
import { registerAudit } from './modules/audit/register-audit';
import { registerClients } from './modules/clients/register-clients';
import { registerDevices } from './modules/devices/register-devices';
import { registerEscalation } from './modules/escalation/register-escalation';
import { registerFeedback } from './modules/feedback/register-feedback';
import { registerGraphs } from './modules/graphs/register-graphs';
import { registerHardware } from './modules/hardware/register-hardware';
import { registerIngest } from './modules/ingest/register-ingest';
import { registerMaintenance } from './modules/maintenance/register-maintenance';
import { registerNotifications } from './modules/notifications/register-notifications';
import { registerOem } from './modules/oem/register-oem';
import { registerProofTests } from './modules/proof-tests/register-proof-tests';
import { registerRegistration } from './modules/registration/register-registration';
import { registerSensorSettings } from './modules/sensor-settings/register-sensor-settings';
import { registerShelving } from './modules/shelving/register-shelving';
import { registerSites } from './modules/sites/register-sites';
import { registerTwoFactor } from './modules/two-factor/register-two-factor';
import { registerUsers } from './modules/users/register-users';
import { publishedSchemasFor } from './modules/visual-dashboard/published-schemas';
import { registerVisualDashboard } from './modules/visual-dashboard/register-visual-dashboard';
import { registerWarnings } from './modules/warnings/register-warnings';
import { registerFanOutMetrics } from './realtime/fan-out-metrics';
import { startRealtimeBus } from './realtime/start-bus';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers the mail outbox over SMTP_URL (a no-op without it); tests call flush(). */
    mailDispatcher: MailDispatcher;
  }
}

export type AppDeps = {
  database: DatabaseHandle;
  jwtSecret: string;
  loginRateLimits?: LoginRateLimits;
  /** Logger on (the default) or off, as tests want. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogDestination;
};

/** Builds the whole HTTP application from a configuration; never listens (main.ts does). */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const requestLog = createRequestLog(config.requestLog);
  const app = Fastify({
    logger: deps.logger === false ? false : buildLoggerOptions(config.logLevel, deps.logStream),
    ...requestLog.options,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
  });
  requestLog.start(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A POST without a body is validated as an empty object, so each required field gets its own message.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && ['POST', 'PUT', 'PATCH'].includes(request.method)) {
      request.body = {};
    }
  });

  const { db } = deps.database;
  // Before the services: those that end sessions or change access publish on its control channel.
  const bus = await startRealtimeBus(config, app.log);
  app.addHook('onClose', async () => bus.close());
  const limits = LimitStore.open({ redisUrl: config.redisUrl, prefix: config.redisChannelPrefix });
  app.addHook('onClose', async () => limits.close());
  const tokens = new SessionTokens(deps.jwtSecret);
  const authenticator = new SessionAuthenticator({ db, tokens });
  const accounts = new AccountsService({
    db,
    signals: bus,
    tokens,
    limiter: new LoginRateLimiter(limits, deps.loginRateLimits),
    sessionTtlSeconds: config.sessionTtlSeconds,
  });

  const dispatcher = startMailDispatcher({
    db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
  });
  app.decorate('mailDispatcher', dispatcher);
  app.addHook('onClose', async () => dispatcher.stop());
  const ctx: AppContext = {
    config,
    db,
    authenticator,
    bus,
    mailer: createMailer(db, dispatcher.poke),
    events: createDomainEvents(),
    limits,
    secrets: {
      jwtSecret: deps.jwtSecret,
      encryptionKey: deriveKey(deps.jwtSecret, 'encryption'),
      hmacKey: deriveKey(deps.jwtSecret, 'hmac'),
    },
  };

  registerErrorHandler(app);
  registerSecurityHeaders(app);
  registerInputGuards(app);
  // Before the routes: its hook applies to the heavy reads they declare.
  app.decorate('heavyReads', registerHeavyReadLimit(app));
  const metrics = registerMetrics(app, config.metricsToken);
  registerFanOutMetrics(metrics, bus.stats);
  await registerOpenApi(app);
  registerAuthentication(app, authenticator);
  registerHealth(app, deps.database.ping);

  // Every domain registers itself the same way (docs/adding-a-domain.md); one that reads another's services
  // or events comes after it.
  const accountsContext = { ...ctx, accounts, authenticator };
  await registerAccounts(app, accountsContext);
  await registerRegistration(app, accountsContext);
  await registerFeedback(app, ctx);
  await registerTwoFactor(app, ctx);
  await registerClients(app, ctx);
  // The visual dashboard's published schema of each site on api/v2/locations/ (wired here: sites sits below it).
  await registerSites(app, ctx, {
    publishedSchemas: (user, locationIds) => publishedSchemasFor(ctx.db, user, locationIds),
  });
  await registerDevices(app, ctx);
  await registerHardware(app, ctx);
  await registerUsers(app, ctx);
  await registerOem(app, ctx);
  await app.register(outboxRoutes, { outbox: new OutboxService({ db, poke: dispatcher.poke }) });
  await registerProofTests(app, ctx);

  await registerIngest(app, ctx, metrics);
  await registerMaintenance(app, ctx);
  await registerSensorSettings(app, ctx);
  await registerWarnings(app, ctx);
  await registerGraphs(app, ctx);
  await registerNotifications(app, ctx);
  await registerAlertRules(app, ctx);
  await registerEscalation(app, ctx);
  await registerShelving(app, ctx);
  await registerAnalytics(app, ctx);
  await registerVisualDashboard(app, ctx);
  await registerAudit(app, ctx);

  await registerWebApp(app, config.webDistDir);
  return app;
}
