import { storedDeviceWithTree } from '../sensor-settings';
import { A, D, type RouteCase, type Row } from './cases';
import type { World } from './world';

/** Readers of a device at A1: staff, A's accounts management and A1's members (docs/graphs.md). */
const READ_A1: Row = [A, A, A, A, A, A, D, D];

const graphUrl = async (w: World, path: string) =>
  `/api/v1/graphs/device/${(await storedDeviceWithTree(w.db, w.siteA1, 'F500')).id}/${path}`;

/** The CSV export and the F500 panel: whoever sees the device; the selection is each person's own. */
export const graphPanelCases: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/v1/graphs/device/{id}/export/',
    request: async (w) => ({ url: await graphUrl(w, 'export/?current_chart_type=hour&sensor_id=1') }),
    expect: READ_A1,
  },
  {
    method: 'GET',
    route: '/api/v1/graphs/device/{id}/f500-nodes/',
    request: async (w) => ({ url: await graphUrl(w, 'f500-nodes/') }),
    expect: READ_A1,
  },
  {
    method: 'GET',
    route: '/api/v1/graphs/device/{id}/f500-arrangement/',
    request: async (w) => ({ url: await graphUrl(w, 'f500-arrangement/') }),
    expect: READ_A1,
  },
  {
    method: 'POST',
    route: '/api/v1/graphs/device/{id}/f500-update-arrangement/',
    request: async (w) => ({
      url: await graphUrl(w, 'f500-update-arrangement/'),
      payload: { action: 'append', graph_type: 'day', node: 1, sensor: 1 },
    }),
    expect: READ_A1,
  },
];
