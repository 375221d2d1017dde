import { storedDeviceWithTree } from '../sensor-settings';
import { A, D, type RouteCase, type Row } from './cases';
import type { World } from './world';

/** Readers of a device at A1: staff, A's accounts management and A1's members (docs/graphs.md). */
const READ_A1: Row = [A, A, A, A, A, A, D, D];

const graphUrl = async (w: World, path: string) =>
  `/api/v1/graphs/device/${(await storedDeviceWithTree(w.db, w.siteA1, '0300')).id}/${path}`;

/** The graph payload, its live updates and the events on the time axis: whoever sees the device. */
export const graphsCases: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/v1/graphs/device/{id}/',
    request: async (w) => ({ url: await graphUrl(w, '?timescale=day') }),
    expect: READ_A1,
  },
  {
    method: 'GET',
    route: '/api/v1/graphs/device/{id}/live-update/',
    request: async (w) => ({ url: await graphUrl(w, 'live-update/') }),
    expect: READ_A1,
  },
  {
    method: 'GET',
    route: '/api/v1/graphs/device/{id}/events/',
    request: async (w) => ({ url: await graphUrl(w, 'events/') }),
    expect: READ_A1,
  },
];
