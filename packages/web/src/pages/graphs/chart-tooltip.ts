import type { GraphEvent, GraphSeries } from '@vigil/contracts';
import { formatSiteTime } from '../../time/site-time';
import { eventLabelsNear } from './chart-events';
import { isGapPoint } from './chart-gaps';

/** The tooltip of a graph: the time, each series' value or state (gaps carry their label), nearby events. */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** ECharts renders tooltips as HTML; sensor names and state texts come from devices and people. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** What one series says at a point: its value with units, or the state text of a gap or a contact. */
export function describePoint(series: GraphSeries, units: string, dataIndex: number): string | null {
  const point = series.data[dataIndex];
  if (point === undefined) {
    return null;
  }
  const [, value, inAlarm, state] = point;
  let text: string;
  if (value === null || isGapPoint(point)) {
    text = state === '' ? 'No data' : state;
  } else if (series.sensor_type === 'BOOL') {
    text = state === '' ? String(value) : state;
  } else {
    const reading = `${value}${units === '' ? '' : ` ${units}`}`;
    text = state === '' || state === 'OK' ? reading : `${reading} (${state})`;
  }
  return inAlarm && !/alarm/i.test(text) ? `${text} · Alarm` : text;
}

/** The part of an axis tooltip's parameter the formatter reads. */
export type TooltipParam = {
  seriesId?: string;
  dataIndex: number;
  marker?: unknown;
  seriesName?: string;
  axisValue?: unknown;
};

export type TooltipContext = {
  /** Series id → the series and the graph's units (carrier series are absent). */
  seriesById: ReadonlyMap<string, { series: GraphSeries; units: string; name: string }>;
  events: readonly GraphEvent[];
  rangeStart: number;
  rangeEnd: number;
  /** The site's zone, in which the tooltip's time is shown, labelled. */
  timeZone: string;
};

/** The formatter of an axis-triggered tooltip. */
export function formatTooltip(params: TooltipParam | TooltipParam[], context: TooltipContext): string {
  const list = Array.isArray(params) ? params : [params];
  const at = Number(list[0]?.axisValue ?? Number.NaN);
  const lines: string[] = Number.isFinite(at)
    ? [`<b>${escapeHtml(formatSiteTime(at, context.timeZone))}</b>`]
    : [];
  for (const param of list) {
    const entry = param.seriesId === undefined ? undefined : context.seriesById.get(param.seriesId);
    if (entry === undefined) {
      continue;
    }
    const text = describePoint(entry.series, entry.units, param.dataIndex);
    if (text !== null) {
      const marker = typeof param.marker === 'string' ? param.marker : '';
      const isAlarm = entry.series.data[param.dataIndex]?.[2] === true;
      const value = isAlarm ? `<span style="color:#F14D49">${escapeHtml(text)}</span>` : escapeHtml(text);
      lines.push(`${marker}${escapeHtml(entry.name)}: ${value}`);
    }
  }
  if (Number.isFinite(at)) {
    // Events within 1% of the drawn span of the cursor.
    const tolerance = Math.max((context.rangeEnd - context.rangeStart) / 100, 1_000);
    for (const label of eventLabelsNear(context.events, at, tolerance, context.rangeEnd)) {
      lines.push(`<span style="color:#2F80ED">⚑ ${escapeHtml(label)}</span>`);
    }
  }
  return lines.join('<br/>');
}
