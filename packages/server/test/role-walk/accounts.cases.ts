import { buildUser, TEST_PASSWORD } from '../factories';
import { EVERY_SIGNED_IN, PUBLIC, type RouteCase } from './cases';

export const accountsCases: RouteCase[] = [
  {
    method: 'POST',
    route: '/api/v1/accounts/login-jwt/',
    request: async ({ db }) => {
      const user = await buildUser(db);
      return {
        url: '/api/v1/accounts/login-jwt/',
        payload: { username: user.email, password: TEST_PASSWORD },
      };
    },
    expect: PUBLIC,
  },
  { method: 'GET', route: '/api/v1/me/', request: () => ({ url: '/api/v1/me/' }), expect: EVERY_SIGNED_IN },
  { method: 'GET', route: '/api/v2/me/', request: () => ({ url: '/api/v2/me/' }), expect: EVERY_SIGNED_IN },
];

// Logout revokes the caller's session, so it is walked last with its own sessions (see role-walk.routes.test.ts).
export const LOGOUT_ROUTES = ['/api/v1/accounts/logout/', '/api/v2/rest-auth/logout/'];
