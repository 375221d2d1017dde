import { buildDevice } from '../factories';
import { A, D, type RouteCase, type Row } from './cases';

/** Readers of site A1: staff, A's accounts management and A1's members (the report is no secret inside). */
const READ_A1: Row = [A, A, A, A, A, A, D, D];

export const proofTestsCases: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/v1/devices/{id}/proof-tests/',
    request: async (w) => ({ url: `/api/v1/devices/${(await buildDevice(w.db, w.siteA1)).id}/proof-tests/` }),
    expect: READ_A1,
  },
  {
    method: 'GET',
    route: '/api/v1/locations/{id}/proof-tests/',
    request: async (w) => ({ url: `/api/v1/locations/${w.siteA1.id}/proof-tests/` }),
    expect: READ_A1,
  },
];
