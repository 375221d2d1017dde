import { buildDevice } from '../factories';
import { type RouteCase, STAFF_ONLY } from './cases';

/** M section 6: analytics are for super users and OEM (others at the site 403, other clients 404). */
const RANGE = '?start=1%20Nov%202026&end=5%20Nov%202026';

export const analyticsCases: RouteCase[] = [
  ...(['alarm-sensor', 'alarm-time', 'alarm-type'] as const).map(
    (report): RouteCase => ({
      method: 'GET',
      route: `/api/v1/analytics/{device}/${report}/`,
      request: async (w) => ({
        url: `/api/v1/analytics/${(await buildDevice(w.db, w.siteA1)).id}/${report}/${RANGE}`,
      }),
      expect: STAFF_ONLY,
    }),
  ),
  {
    method: 'GET',
    route: '/api/v1/analytics/site/{locationId}/alarm-performance/',
    request: (w) => ({ url: `/api/v1/analytics/site/${w.siteA1.id}/alarm-performance/${RANGE}` }),
    expect: STAFF_ONLY,
  },
];
