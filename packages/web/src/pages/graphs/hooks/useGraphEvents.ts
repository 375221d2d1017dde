import { useQuery } from '@tanstack/react-query';
import type { DeviceGraphs, GraphEvent } from '@vigil/contracts';
import { graphsQueryKeys, listGraphEvents } from '../../../api/graphs';

const MINUTE_MS = 60_000;
const NO_EVENTS: GraphEvent[] = [];

/** The first and last point of a payload. */
function extentOf(payload: DeviceGraphs): { from: number; to: number } | null {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const graph of Object.values(payload.graphs)) {
    for (const series of graph.series) {
      from = Math.min(from, series.data[0]?.[0] ?? from);
      to = Math.max(to, series.data.at(-1)?.[0] ?? to);
    }
  }
  return Number.isFinite(from) && Number.isFinite(to) ? { from, to } : null;
}

/**
 * Beyond the spec: the events/ of the drawn span, rounded out to whole minutes so a live chart asks again once a
 * minute rather than on every poll. A failure draws no marks and raises no alert (the graphs still show).
 */
export function useGraphEvents(
  deviceId: number,
  payload: DeviceGraphs | null,
  axisRange: { from: number; to: number } | null,
): GraphEvent[] {
  const span = axisRange ?? (payload === null ? null : extentOf(payload));
  const from = span === null ? 0 : Math.floor(span.from / MINUTE_MS) * MINUTE_MS;
  const to = span === null ? 0 : Math.ceil(span.to / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
  const events = useQuery({
    queryKey: graphsQueryKeys.events(deviceId, from, to),
    queryFn: ({ signal }) => listGraphEvents(deviceId, from, to, signal),
    enabled: span !== null,
    staleTime: MINUTE_MS,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return events.data ?? NO_EVENTS;
}
