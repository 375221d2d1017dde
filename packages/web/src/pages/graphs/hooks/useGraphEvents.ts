import { useQuery } from '@tanstack/react-query';
import type { DeviceGraphs, GraphEvent } from '@vigil/contracts';
import { graphEventsQuery } from '../../../api/graphs';
import { payloadSpanOf } from '../graph-span';

const MINUTE_MS = 60_000;
const NO_EVENTS: GraphEvent[] = [];

/**
 * Beyond the spec: the events/ of the drawn span, rounded out to whole minutes so a live chart asks again once a
 * minute rather than on every poll. A failure draws no marks and raises no alert (the graphs still show).
 */
export function useGraphEvents(
  deviceId: number,
  payload: DeviceGraphs | null,
  axisRange: { from: number; to: number } | null,
  /** Live and the hour ask again this often, so a new alarm gets its mark while the page is open. */
  refreshMs: number | false,
): GraphEvent[] {
  const span = axisRange ?? payloadSpanOf(payload);
  const from = span === null ? 0 : Math.floor(span.from / MINUTE_MS) * MINUTE_MS;
  const to = span === null ? 0 : Math.ceil(span.to / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
  const events = useQuery({
    ...graphEventsQuery(deviceId, from, to),
    enabled: span !== null,
    staleTime: refreshMs === false ? MINUTE_MS : 0,
    refetchInterval: refreshMs,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return events.data ?? NO_EVENTS;
}
