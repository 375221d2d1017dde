import { EVERY_SIGNED_IN, PUBLIC, type RouteCase } from './cases';

/**
 * The visual dashboard (api/v2). Every person of the world has visual_dashboard_enabled; without it the signed-in
 * calls are 403 (machine-types.routes.test.ts). The pictures are public: an <img> sends no token.
 */
export const visualDashboardCases: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/v2/type-of-machine/',
    request: () => ({ url: '/api/v2/type-of-machine/' }),
    expect: EVERY_SIGNED_IN,
  },
  {
    method: 'GET',
    route: '/api/v2/type-of-machine/{id}/images/{state}/{side}/{size}.svg',
    request: () => ({ url: '/api/v2/type-of-machine/1/images/running/left/large.svg' }),
    expect: PUBLIC,
  },
];
