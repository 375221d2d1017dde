import type { Graph, GraphEvent, GraphEventKind } from '@vigil/contracts';

/**
 * Beyond the spec (issue 10): device events on each chart's time axis, so a person sees why a line moved.
 * Alarms, warnings and maintenance tests are vertical lines; offline periods are shaded areas.
 */

/** The notification type colours of wire-formats.md (compatibility section). */
export const EVENT_COLORS: Record<GraphEventKind, string> = {
  alarm_on: '#F14D49',
  alarm_off: '#FFB983',
  warning_on: '#F47E21',
  warning_off: '#27AE60',
  device_offline: '#2F80ED',
  device_online: '#00E1B9',
  maintenance: '#2F80ED',
};

const OFFLINE_AREA_COLOR = 'rgba(47, 128, 237, 0.10)';
export const OFFLINE_LABEL = 'Device offline';

/** A device-wide event (sensor null) belongs on every chart; a sensor's event only where that sensor is drawn. */
export function isEventOfGraph(event: GraphEvent, graph: Graph): boolean {
  if (event.sensor === null) {
    return true;
  }
  const sensor = event.sensor;
  return graph.series.some((series) => series.sensor === sensor || series.sensor.endsWith(`.${sensor}`));
}

export type EventLine = { at: number; kind: GraphEventKind; label: string };
export type OfflinePeriod = { from: number; to: number; label: string };

/**
 * Offline periods from device_offline and device_online events (in any order): from an offline event to the
 * next online one, or to the range's end. An online event that closes no period (the first connection, or an
 * offline time before the range) is drawn as a line instead: shading the time before it would be a guess.
 */
export function offlinePeriodsOf(events: readonly GraphEvent[], rangeEnd: number) {
  const sorted = events
    .filter((event) => event.kind === 'device_offline' || event.kind === 'device_online')
    .sort((a, b) => a.at - b.at);
  const periods: OfflinePeriod[] = [];
  const lonelyOnline: EventLine[] = [];
  let offlineSince: GraphEvent | null = null;
  for (const event of sorted) {
    if (event.kind === 'device_offline') {
      offlineSince ??= event;
    } else if (offlineSince !== null) {
      periods.push({ from: offlineSince.at, to: event.at, label: offlineSince.label || OFFLINE_LABEL });
      offlineSince = null;
    } else {
      lonelyOnline.push({ at: event.at, kind: event.kind, label: event.label });
    }
  }
  if (offlineSince !== null && rangeEnd > offlineSince.at) {
    periods.push({ from: offlineSince.at, to: rangeEnd, label: offlineSince.label || OFFLINE_LABEL });
  }
  return { periods, lonelyOnline };
}

/** Alarm, warning and maintenance events, and online events that close no offline period, as lines in time order. */
export function eventLinesOf(events: readonly GraphEvent[], rangeEnd: number): EventLine[] {
  const lines = events
    .filter((event) => event.kind !== 'device_offline' && event.kind !== 'device_online')
    .map((event) => ({ at: event.at, kind: event.kind, label: event.label }));
  return [...lines, ...offlinePeriodsOf(events, rangeEnd).lonelyOnline].sort((a, b) => a.at - b.at);
}

/** The markLine and markArea of one grid's event carrier series. */
export function eventMarksOf(events: readonly GraphEvent[], rangeEnd: number) {
  const lines = eventLinesOf(events, rangeEnd).map((line) => ({
    xAxis: line.at,
    name: line.label,
    lineStyle: { color: EVENT_COLORS[line.kind], type: line.kind === 'maintenance' ? 'dashed' : 'solid' },
  }));
  const areas = offlinePeriodsOf(events, rangeEnd).periods.map(
    (period) =>
      [
        { xAxis: period.from, name: period.label, itemStyle: { color: OFFLINE_AREA_COLOR } },
        { xAxis: period.to },
      ] as const,
  );
  return {
    markLine: {
      silent: false,
      symbol: ['none', 'none'],
      animation: false,
      label: { show: false },
      emphasis: { label: { show: true, formatter: '{b}', position: 'insideEndTop' as const } },
      data: lines,
    },
    markArea: {
      silent: false,
      animation: false,
      label: { show: false },
      emphasis: { label: { show: true, position: 'insideTop' as const } },
      data: areas,
    },
  };
}

/** Labels of the events within `tolerance` ms of `at` (for the tooltip), offline periods covering it included. */
export function eventLabelsNear(
  events: readonly GraphEvent[],
  at: number,
  tolerance: number,
  rangeEnd: number,
): string[] {
  const lines = eventLinesOf(events, rangeEnd)
    .filter((line) => Math.abs(line.at - at) <= tolerance)
    .map((line) => line.label);
  const offline = offlinePeriodsOf(events, rangeEnd)
    .periods.filter((period) => period.from - tolerance <= at && at <= period.to + tolerance)
    .map((period) => period.label);
  return [...offline, ...lines];
}
