import { queryOptions } from '@tanstack/react-query';
import type {
  DeviceGraphs,
  F500Node,
  GraphArrangement,
  GraphArrangementInput,
  GraphEvent,
  GraphTimescale,
  MachineGraph,
} from '@vigil/contracts';
import { sessionStore } from '../auth/session-storage';
import { ApiError, NETWORK_ERROR_STATUS } from './api-error';
import { API_V1_BASE, api, buildUrl, type Parse } from './client';

/** What a graph payload covers: a timescale ending now, a historical time of the site, or a zoomed range. */
export type GraphsRange =
  | { timescale: GraphTimescale }
  | { timestamp: string }
  | { from: number; to: number };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The envelope is checked and each series keeps only points that are arrays; the points themselves are not
 * parsed one by one (a 30-day payload holds tens of thousands and the server builds them from typed rows).
 */
export const parseDeviceGraphs: Parse<DeviceGraphs> = (data) => {
  if (!isRecord(data) || !isRecord(data.graphs)) {
    throw new Error('graphs: the answer has no graphs');
  }
  Object.values(data.graphs).forEach(checkGraph);
  return data as DeviceGraphs;
};

/** GET graphs/machine/{id}/: a plain array of graphs, checked as a device's are. */
export const parseMachineGraphs: Parse<MachineGraph[]> = (data) => {
  if (!Array.isArray(data)) {
    throw new Error('graphs: the answer is not a list');
  }
  data.forEach(checkGraph);
  return data as MachineGraph[];
};

function checkGraph(graph: unknown): void {
  if (!isRecord(graph) || !Array.isArray(graph.series)) {
    throw new Error('graphs: a graph has no series');
  }
  for (const series of graph.series as Array<Record<string, unknown>>) {
    const points = Array.isArray(series.data) ? series.data : [];
    series.data = points.every(Array.isArray) ? points : points.filter(Array.isArray);
  }
}

const parseArray =
  <T>(what: string): Parse<T[]> =>
  (data) => {
    if (!Array.isArray(data)) {
      throw new Error(`${what}: the answer is not a list`);
    }
    return data as T[];
  };

const parseArrangement: Parse<GraphArrangement> = (data) => {
  if (!isRecord(data) || !Array.isArray(data.nodes)) {
    return { nodes: [] };
  }
  return data as GraphArrangement;
};

const devicePath = (deviceId: number, call = '') => `graphs/device/${deviceId}/${call}`;

/** Query keys of a device's graph calls. */
export const graphKeys = {
  all: (deviceId: number) => ['graphs', deviceId] as const,
  payload: (deviceId: number, range: GraphsRange) => ['graphs', deviceId, 'payload', range] as const,
  events: (deviceId: number, from: number, to: number) => ['graphs', deviceId, 'events', from, to] as const,
  nodes: (deviceId: number) => ['graphs', deviceId, 'f500-nodes'] as const,
  arrangement: (deviceId: number) => ['graphs', deviceId, 'f500-arrangement'] as const,
};

/** The graphs of a range; the pages decide how often they are read again. */
export function graphPayloadQuery(deviceId: number, range: GraphsRange) {
  return queryOptions({
    queryKey: graphKeys.payload(deviceId, range),
    queryFn: ({ signal }) => getDeviceGraphs(deviceId, range, signal),
  });
}

export function graphEventsQuery(deviceId: number, from: number, to: number) {
  return queryOptions({
    queryKey: graphKeys.events(deviceId, from, to),
    queryFn: ({ signal }) => listGraphEvents(deviceId, from, to, signal),
  });
}

export function f500NodesQuery(deviceId: number) {
  return queryOptions({
    queryKey: graphKeys.nodes(deviceId),
    queryFn: ({ signal }) => listF500Nodes(deviceId, signal),
  });
}

export function f500ArrangementQuery(deviceId: number) {
  return queryOptions({
    queryKey: graphKeys.arrangement(deviceId),
    queryFn: ({ signal }) => getF500Arrangement(deviceId, signal),
  });
}

/** GET graphs/device/{id}/?timescale= | ?timestamp= | ?from=&to=: the graphs of M section 3. */
export function getDeviceGraphs(
  deviceId: number,
  range: GraphsRange,
  signal?: AbortSignal,
): Promise<DeviceGraphs> {
  return api.get(devicePath(deviceId), { query: range, parse: parseDeviceGraphs, signal });
}

/** GET graphs/device/{id}/live-update/?since=: the points after `since`; without it the last minutes. */
export function getLiveGraphs(
  deviceId: number,
  since: number | null,
  signal?: AbortSignal,
): Promise<DeviceGraphs> {
  return api.get(devicePath(deviceId, 'live-update/'), {
    query: { since },
    parse: parseDeviceGraphs,
    signal,
  });
}

/** GET graphs/device/{id}/events/?from&to: alarms, warnings, offline periods and tests on the time axis. */
export function listGraphEvents(
  deviceId: number,
  from: number,
  to: number,
  signal?: AbortSignal,
): Promise<GraphEvent[]> {
  return api.get(devicePath(deviceId, 'events/'), {
    query: { from, to },
    parse: parseArray<GraphEvent>('events'),
    signal,
  });
}

/** GET graphs/device/{id}/f500-nodes/: the side panel's nodes and their sensors. */
export function listF500Nodes(deviceId: number, signal?: AbortSignal): Promise<F500Node[]> {
  return api.get(devicePath(deviceId, 'f500-nodes/'), { parse: parseArray<F500Node>('f500-nodes'), signal });
}

/** GET graphs/device/{id}/f500-arrangement/: the panel's selection kept for this user. */
export function getF500Arrangement(deviceId: number, signal?: AbortSignal): Promise<GraphArrangement> {
  return api.get(devicePath(deviceId, 'f500-arrangement/'), { parse: parseArrangement, signal });
}

/** POST graphs/device/{id}/f500-update-arrangement/ (200): append, delete or clean; answers the selection. */
export function updateF500Arrangement(
  deviceId: number,
  input: GraphArrangementInput,
): Promise<GraphArrangement> {
  return api.post(devicePath(deviceId, 'f500-update-arrangement/'), { body: input, parse: parseArrangement });
}

export type DownloadedFile = { blob: Blob; fileName: string };

/** `attachment; filename="x.csv"` (or RFC 5987 `filename*=UTF-8''x.csv`) → 'x.csv'. */
export function fileNameOfDisposition(header: string | null, fallback: string): string {
  if (header === null) {
    return fallback;
  }
  const encoded = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
  if (encoded?.[1] !== undefined) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/**
 * GET graphs/device/{id}/export/?current_chart_type&sensor_id: the CSV as a file, with the server's file name.
 * A plain fetch (not the JSON client) so the body stays a Blob and the Content-Disposition header is read.
 */
export async function exportGraphCsv(
  deviceId: number,
  timescale: GraphTimescale,
  sensorId: string,
): Promise<DownloadedFile> {
  const token = sessionStore.getToken();
  const headers = new Headers({ Accept: 'text/csv' });
  if (token !== null) {
    headers.set('Authorization', `JWT ${token}`);
  }
  const url = buildUrl(API_V1_BASE, devicePath(deviceId, 'export/'), {
    current_chart_type: timescale,
    sensor_id: sensorId,
  });
  let response: Response;
  try {
    response = await fetch(url, { headers });
  } catch {
    throw new ApiError(NETWORK_ERROR_STATUS, null);
  }
  if (!response.ok) {
    const isJson = response.headers.get('content-type')?.includes('json') ?? false;
    throw new ApiError(response.status, isJson ? await response.json().catch(() => null) : null);
  }
  const fallback = `device_${deviceId}_sensor_${sensorId}_${timescale}.csv`;
  return {
    blob: await response.blob(),
    fileName: fileNameOfDisposition(response.headers.get('content-disposition'), fallback),
  };
}
