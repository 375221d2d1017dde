import { buildClient } from '../factories';
import { A, D, type RouteCase, STAFF_ONLY } from './cases';

let sequence = 0;
function newClientBody() {
  sequence += 1;
  return {
    number: 600_000 + sequence,
    company: `Walk ${sequence}`,
    address: '1 Walk Street',
    phone: '+1 555 0100',
    full_name: 'Walk Owner',
    email: `walk.owner${sequence}@example.test`,
  };
}

/** clients/ calls: staff everywhere; a client's accounts management for their own client. */
export const clientsCases: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/v1/clients/',
    request: () => ({ url: '/api/v1/clients/' }),
    // The other client's manager is also accounts management of client B: they list B.
    expect: [A, A, A, D, D, D, A, D],
  },
  {
    method: 'POST',
    route: '/api/v1/clients/',
    request: () => ({ url: '/api/v1/clients/', payload: newClientBody() }),
    expect: STAFF_ONLY,
  },
  {
    method: 'GET',
    route: '/api/v1/clients/get-next-number/',
    request: () => ({ url: '/api/v1/clients/get-next-number/' }),
    expect: STAFF_ONLY,
  },
  {
    method: 'GET',
    route: '/api/v1/clients/{id}/',
    request: ({ clientA }) => ({ url: `/api/v1/clients/${clientA.id}/` }),
    expect: [A, A, A, D, D, D, D, D],
  },
  {
    method: 'PATCH',
    route: '/api/v1/clients/{id}/',
    request: ({ clientA }) => ({ url: `/api/v1/clients/${clientA.id}/`, payload: { phone: '+1 555 0101' } }),
    expect: [A, A, A, D, D, D, D, D],
  },
  {
    method: 'DELETE',
    route: '/api/v1/clients/{id}/',
    request: async ({ db }) => ({ url: `/api/v1/clients/${(await buildClient(db)).id}/` }),
    expect: STAFF_ONLY,
  },
  {
    method: 'POST',
    route: '/api/v1/clients/{id}/select/',
    request: ({ clientA }) => ({ url: `/api/v1/clients/${clientA.id}/select/` }),
    expect: [A, A, A, A, A, A, D, D],
  },
];
