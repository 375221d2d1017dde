import {
  DetailResponseSchema,
  ErrorDetailSchema,
  LOGIN_MESSAGES,
  LoginRequestSchema,
  MeSchema,
  TokenResponseSchema,
  ValidationErrorSchema,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../access/authenticate';
import type { SessionAuthenticator } from '../../access/authentication';
import { JWT_SECURITY } from '../../http/route-schemas';
import type { AccountsService } from './accounts.service';
import type { MeService } from './me.service';

const unauthorized = { 401: ErrorDetailSchema };

/** accounts/login-jwt/, accounts/logout/, me/ and their api/v2 twins. */
export async function accountsRoutes(
  app: FastifyInstance,
  deps: { accounts: AccountsService; me: MeService; authenticator: SessionAuthenticator },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/v1/accounts/login-jwt/', {
    schema: {
      tags: ['accounts'],
      summary: 'Sign in with e-mail or username and password',
      body: LoginRequestSchema,
      response: { 200: TokenResponseSchema, 400: ValidationErrorSchema, 429: ErrorDetailSchema },
    },
    handler: async (request) =>
      deps.accounts.login(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  });

  for (const url of ['/api/v1/accounts/logout/', '/api/v2/rest-auth/logout/']) {
    api.post(url, {
      onRequest: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Sign out: revokes this session',
        security: JWT_SECURITY,
        response: { 200: DetailResponseSchema, ...unauthorized },
      },
      handler: async (request) => {
        await deps.accounts.logout(requireAuth(request).session.id);
        return { detail: LOGIN_MESSAGES.loggedOut };
      },
    });
  }

  // Called on every page load: the session lookup reads the answer's extras in the same statement.
  const authenticateForMe = app.authenticateWith(
    deps.authenticator.createLookup((ids, now) => deps.me.readSessions(ids, now)),
  );
  for (const url of ['/api/v1/me/', '/api/v2/me/']) {
    api.get(url, {
      onRequest: authenticateForMe,
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user',
        security: JWT_SECURITY,
        response: { 200: MeSchema, ...unauthorized },
      },
      handler: async (request) => deps.me.build(requireAuth(request)),
    });
  }
}
