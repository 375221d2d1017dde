import { useQuery } from '@tanstack/react-query';
import { type DeviceGraphs, GRAPH_LIMITS, GRAPH_TIMESCALE_SPAN_MS } from '@vigil/contracts';
import { useCallback, useMemo } from 'react';
import { type GraphsRange, graphPayloadQuery } from '../../../api/graphs';
import { historicalSpanOf, liveSpanOf, payloadSpanOf, type TimeSpan } from '../graph-span';
import { useLiveGraphs } from './useLiveGraphs';

/** Live (polled), or a payload read once per range (the hour re-read every 30 s). */
export type GraphSource =
  | { kind: 'live' }
  /** `endsAt`: the instant of a historical search (its site wall clock read in the site's zone). */
  | { kind: 'range'; range: GraphsRange; endsAt?: number | null };

export type GraphPayloadState = {
  data: DeviceGraphs | null;
  error: unknown;
  /** Changes on every failed answer, so the page can alert again. */
  errorAt: number;
  isLoading: boolean;
  /** The time span the x axes show; null follows all the payload's points (historical). */
  axisRange: { from: number; to: number } | null;
  /** How often the event marks are read again (Live and the hour), or never. */
  eventsRefreshMs: number | false;
  retry: () => void;
};

/** Beyond the spec: Live's event marks are read again this often. */
const LIVE_EVENTS_REFRESH_MS = 10_000;

/** M section 9: the hour timescale re-fetches every 30 s; other ranges are read once. */
function refetchIntervalOf(range: GraphsRange): number | false {
  return 'timescale' in range && range.timescale === 'hour' ? GRAPH_LIMITS.hourRefreshMs : false;
}

/** The graphs of a device for the page's source. */
export function useGraphPayload(deviceId: number, source: GraphSource): GraphPayloadState {
  const isLive = source.kind === 'live';
  const range = source.kind === 'range' ? source.range : null;
  const endsAt = source.kind === 'range' ? (source.endsAt ?? null) : null;
  const live = useLiveGraphs(deviceId, isLive);
  const query = useQuery({
    ...graphPayloadQuery(deviceId, range ?? { timescale: 'hour' }),
    enabled: range !== null,
    refetchInterval: range === null ? false : refetchIntervalOf(range),
    refetchOnWindowFocus: false,
    retry: false,
  });
  const refetch = query.refetch;
  // Live polls on after a failure by itself; a range is read again.
  const retry = useCallback(() => {
    if (!isLive) {
      void refetch();
    }
  }, [isLive, refetch]);

  // Memoised on its values: a new object every render would redraw every chart.
  const rangeText = JSON.stringify(range);
  const readAt = query.dataUpdatedAt;
  const data = query.data ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: rangeText stands for range
  const axisRange = useMemo(
    () => axisRangeOf(range, readAt, data, endsAt),
    [rangeText, readAt, data, endsAt],
  );
  // Live draws the window it keeps, ending at the newest point (the server's clock, as the window is kept).
  const liveRange = useMemo(() => liveSpanOf(live.data, GRAPH_LIMITS.liveWindowMs), [live.data]);

  if (isLive) {
    return {
      data: live.data,
      error: live.error,
      errorAt: live.error === null ? 0 : live.updatedAt,
      isLoading: live.data === null && live.error === null,
      axisRange: liveRange,
      eventsRefreshMs: LIVE_EVENTS_REFRESH_MS,
      retry,
    };
  }
  return {
    data,
    error: query.error,
    errorAt: query.errorUpdatedAt,
    isLoading: query.isPending && query.fetchStatus !== 'idle',
    axisRange,
    eventsRefreshMs: range === null ? false : refetchIntervalOf(range),
    retry,
  };
}

/**
 * A timescale spans the range ending when it was read; a zoom its own range; a historical time ends at the
 * searched moment (else, its instant unknown, the span of all its points).
 */
function axisRangeOf(
  range: GraphsRange | null,
  readAt: number,
  data: DeviceGraphs | null,
  endsAt: number | null,
): TimeSpan | null {
  if (range === null) {
    return null;
  }
  if ('from' in range) {
    return range;
  }
  if ('timescale' in range && readAt > 0) {
    return { from: readAt - GRAPH_TIMESCALE_SPAN_MS[range.timescale], to: readAt };
  }
  return endsAt === null ? payloadSpanOf(data) : historicalSpanOf(data, endsAt);
}
