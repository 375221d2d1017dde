import { A, D, type RouteCase, type Row } from './cases';

/** Readers of the trail: staff, accounts management, managers (the other client's manager reads their own). */
const READERS: Row = [A, A, A, A, D, D, A, D];
/** Readers of site A1's trail: the other client's manager is foreign to it (404). */
const READERS_A1: Row = [A, A, A, A, D, D, D, D];

const today = () => new Date().toISOString().slice(0, 10);

/** The audit trail (docs/audit.md): reads only. */
export const auditCases: RouteCase[] = [
  { method: 'GET', route: '/api/v1/audit/', request: () => ({ url: '/api/v1/audit/' }), expect: READERS },
  {
    method: 'GET',
    route: '/api/v1/audit/',
    target: 'site A1 filter',
    request: (w) => ({ url: `/api/v1/audit/?location=${w.siteA1.id}` }),
    expect: READERS_A1,
  },
  {
    method: 'GET',
    route: '/api/v1/audit/people/',
    request: () => ({ url: '/api/v1/audit/people/' }),
    expect: READERS,
  },
  {
    method: 'GET',
    route: '/api/v1/audit/export/',
    target: 'site A1 filter',
    request: (w) => ({ url: `/api/v1/audit/export/?location=${w.siteA1.id}&date_from=${today()}` }),
    expect: READERS_A1,
  },
];
