import { COMMON_MESSAGES } from '@vigil/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { AuthContext, Authenticator, SessionLookup } from './authentication';
import { withRequestAddress } from './request-address';

/** A rule checked after a token is accepted (the two-factor gate); it throws an AppError to refuse. */
export type AuthCheck = (request: FastifyRequest, context: AuthContext) => Promise<void>;
type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    authContext: AuthContext | null;
  }
  interface FastifyInstance {
    /** onRequest hook for routes that need a signed-in user: 401 otherwise. */
    authenticate: AuthHook;
    /**
     * app.authenticate with another lookup of the token's session (one that reads what the route needs in
     * the same statement); every check still runs.
     */
    authenticateWith: (lookup: SessionLookup) => AuthHook;
    /** Adds a check that app.authenticate runs for every signed-in request, in the order added. */
    addAuthCheck: (check: AuthCheck) => void;
  }
}

const SCHEME = /^JWT\s+(\S+)\s*$/i;

/** The raw token of an `Authorization: JWT <token>` header, or undefined. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  return header === undefined ? undefined : SCHEME.exec(header)?.[1];
}

/** app.authenticate and its kin: the Fastify side of token authentication. */
export function registerAuthentication(app: FastifyInstance, authenticator: Authenticator): void {
  // Modules that hold what a check needs (the database) add it from inside their own plugin.
  const checks: AuthCheck[] = [];
  app.decorate('addAuthCheck', (check: AuthCheck) => {
    checks.push(check);
  });
  app.decorateRequest('authContext', null);
  const authenticateWith =
    (lookup: SessionLookup): AuthHook =>
    async (request) => {
      const header = request.headers.authorization;
      const token = tokenFromHeader(header);
      if (token === undefined) {
        const message =
          header === undefined ? COMMON_MESSAGES.notAuthenticated : COMMON_MESSAGES.invalidToken;
        throw new AppError('unauthenticated', message);
      }
      const context = await lookup(token);
      if (context === undefined) {
        throw new AppError('unauthenticated', COMMON_MESSAGES.invalidToken);
      }
      // The request's own copy of the user carries its address (the audit trail's 'from where').
      const address = request.ip;
      request.authContext = { ...context, address, user: withRequestAddress(context.user, address) };
      for (const check of checks) {
        await check(request, context);
      }
    };
  app.decorate('authenticateWith', authenticateWith);
  app.decorate(
    'authenticate',
    authenticateWith((token) => authenticator.authenticate(token)),
  );
}

/** The signed-in user of a route behind `app.authenticate`. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (request.authContext === null) {
    throw new AppError('unauthenticated', COMMON_MESSAGES.notAuthenticated);
  }
  return request.authContext;
}
