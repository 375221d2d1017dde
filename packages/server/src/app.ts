import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { registerAuthentication } from './http/authenticate';
import { registerErrorHandler } from './http/error-handler';
import { registerHealth } from './http/health';
import { registerMetrics } from './http/metrics';
import { registerOpenApi } from './http/openapi';
import { registerWebApp } from './http/web-app';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { AccountsService } from './modules/accounts/accounts.service';
import { LoginRateLimiter, type LoginRateLimits } from './modules/accounts/login-rate-limit';
import { SessionTokens } from './modules/accounts/session-tokens';

export type AppDeps = {
  database: DatabaseHandle;
  jwtSecret: string;
  loginRateLimits?: LoginRateLimits;
  /** Logger on (the default) or off, as tests want. */
  logger?: boolean;
};

/** Builds the whole HTTP application from a configuration; never listens (main.ts does). */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel, redact: ['req.headers.authorization'] },
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A POST without a body is validated as an empty object, so each required field gets its own message.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && ['POST', 'PUT', 'PATCH'].includes(request.method)) {
      request.body = {};
    }
  });

  const { db } = deps.database;
  const accounts = new AccountsService({
    db,
    tokens: new SessionTokens(deps.jwtSecret),
    limiter: new LoginRateLimiter(deps.loginRateLimits),
    sessionTtlSeconds: config.sessionTtlSeconds,
  });

  registerErrorHandler(app);
  registerMetrics(app);
  await registerOpenApi(app);
  registerAuthentication(app, accounts);
  registerHealth(app, deps.database.ping);

  await app.register(accountsRoutes, { db, accounts });

  await registerWebApp(app, config.webDistDir);
  return app;
}
