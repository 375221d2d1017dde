import { A, D, type RouteCase, type Row } from './cases';

/** Readers of site A1: staff, A's accounts management and A1's members. */
const READ_A1: Row = [A, A, A, A, A, A, D, D];
/** Who changes A1's escalation policy: staff, A's accounts management and A1's managers (not engineers). */
const MANAGE_A1: Row = [A, A, A, A, D, D, D, D];

export const escalationCases: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/v1/locations/{id}/escalation-policy/',
    request: (w) => ({ url: `/api/v1/locations/${w.siteA1.id}/escalation-policy/` }),
    expect: READ_A1,
  },
  {
    method: 'PUT',
    route: '/api/v1/locations/{id}/escalation-policy/',
    request: (w) => ({
      url: `/api/v1/locations/${w.siteA1.id}/escalation-policy/`,
      payload: { enabled: true, levels: [{ after_minutes: 0, emails: ['night@example.com'] }] },
    }),
    expect: MANAGE_A1,
  },
];
