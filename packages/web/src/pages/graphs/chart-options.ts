import {
  GRAPH_LIMITS,
  type Graph,
  type GraphEvent,
  type GraphPoint,
  type GraphSeries,
  shortenSeriesName,
} from '@vigil/contracts';
import { eventMarksOf, isEventOfGraph } from './chart-events';
import { formatTooltip, type TooltipContext, type TooltipParam } from './chart-tooltip';
import type { GraphChartOption } from './echarts-setup';

/**
 * One graph of the payload as an ECharts option (M sections 2, 5 and 9): a numeric axis, and below it the contact
 * axis (BOOL series) with an OK band -1..0 and an Alarm band 0..1; points in alarm marked red; gaps (null values)
 * left as gaps; events on the time axis.
 */

export const ALARM_COLOR = '#F14D49';
const OK_BAND_COLOR = 'rgba(39, 174, 96, 0.08)';
const ALARM_BAND_COLOR = 'rgba(241, 77, 73, 0.08)';
const BANDS_ID = 'bands';
const EVENTS_ID = 'events';

export type ChartInput = {
  graph: Graph;
  /** Title shown on the chart (and in the PNG). */
  title: string;
  events: readonly GraphEvent[];
  isNarrow: boolean;
  /** The drawn time span; without it the axis follows the data. */
  range: { from: number; to: number } | null;
};

export function isContactSeries(series: GraphSeries): boolean {
  return series.sensor_type === 'BOOL';
}

/** M section 9: 460 px with a numeric axis (alone or above the contact axis), 210 px for contact only. */
export function chartHeightOf(graph: Graph): number {
  return graph.series.some((series) => !isContactSeries(series))
    ? GRAPH_LIMITS.chartHeight
    : GRAPH_LIMITS.contactChartHeight;
}

/**
 * Where a contact point is drawn: inside the Alarm band (0..1) when in alarm, else inside the OK band (-1..0);
 * several contacts get their own height in the band so their lines do not hide each other.
 */
export function contactYOf(point: GraphPoint, index: number, count: number): number | null {
  if (point[1] === null) {
    return null;
  }
  const depth = (index + 1) / (count + 1);
  return point[2] ? depth : -depth;
}

/** Legend names: shortened as M section 5 says, and made unique (a legend entry toggles every series named so). */
export function seriesNamesOf(series: readonly GraphSeries[]): string[] {
  const seen = new Map<string, number>();
  return series.map((one) => {
    const name = shortenSeriesName(one.name);
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name} (${count})`;
  });
}

type DataItem =
  | [number, number | null]
  | { value: [number, number | null]; symbol: string; symbolSize: number; itemStyle: { color: string } };

function toDataItems(points: readonly GraphPoint[], yOf: (point: GraphPoint) => number | null): DataItem[] {
  return points.map((point) => {
    const value: [number, number | null] = [point[0], yOf(point)];
    // Only points in alarm get a symbol (the series' own symbol is 'none'), so 1,500 points stay cheap.
    return point[2] && value[1] !== null
      ? { value, symbol: 'circle', symbolSize: 6, itemStyle: { color: ALARM_COLOR } }
      : value;
  });
}

/** The time span drawn: the given range, else the first and last point. */
export function spanOf(graph: Graph, range: ChartInput['range']): { from: number; to: number } {
  if (range !== null) {
    return range;
  }
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const series of graph.series) {
    from = Math.min(from, series.data[0]?.[0] ?? from);
    to = Math.max(to, series.data.at(-1)?.[0] ?? to);
  }
  return Number.isFinite(from) ? { from, to } : { from: 0, to: 0 };
}

type Layout = { gridTops: number[]; gridHeights: number[]; left: number; right: number };

/** Grid boxes: the numeric grid above the contact grid when both exist. */
function layoutOf(hasNumeric: boolean, hasContact: boolean, isNarrow: boolean): Layout {
  const left = isNarrow ? 48 : 72;
  const right = isNarrow ? 16 : 32;
  const top = isNarrow ? 64 : 72;
  const height = hasNumeric ? GRAPH_LIMITS.chartHeight : GRAPH_LIMITS.contactChartHeight;
  const bottom = 36;
  if (hasNumeric && hasContact) {
    const contactHeight = 80;
    const gap = 24;
    const numericHeight = height - top - bottom - gap - contactHeight;
    return {
      gridTops: [top, top + numericHeight + gap],
      gridHeights: [numericHeight, contactHeight],
      left,
      right,
    };
  }
  return { gridTops: [top], gridHeights: [height - top - bottom], left, right };
}

const contactAxisLabel = (value: number) => (value === -0.5 ? 'OK' : value === 0.5 ? 'Alarm' : '');

/** The ECharts option of one graph. */
export function buildChartOption(input: ChartInput): GraphChartOption {
  const { graph, isNarrow } = input;
  const names = seriesNamesOf(graph.series);
  const numeric = graph.series.filter((series) => !isContactSeries(series));
  const contacts = graph.series.filter(isContactSeries);
  const hasNumeric = numeric.length > 0;
  const hasContact = contacts.length > 0;
  const layout = layoutOf(hasNumeric, hasContact, isNarrow);
  const contactGrid = hasNumeric ? 1 : 0;
  const gridCount = layout.gridTops.length;
  const span = spanOf(graph, input.range);
  const events = input.events.filter((event) => isEventOfGraph(event, graph));
  const seriesById: TooltipContext['seriesById'] = new Map(
    graph.series.map((series, index) => [
      `s${index}`,
      { series, units: unitOfSeries(series, graph), name: names[index] ?? series.name },
    ]),
  );

  const dataSeries = graph.series.map((series, index) => {
    const isContact = isContactSeries(series);
    const contactIndex = contacts.indexOf(series);
    const yOf = isContact
      ? (point: GraphPoint) => contactYOf(point, contactIndex, contacts.length)
      : (point: GraphPoint) => point[1];
    return {
      type: 'line' as const,
      id: `s${index}`,
      name: names[index],
      xAxisIndex: isContact ? contactGrid : 0,
      yAxisIndex: isContact ? contactGrid : 0,
      data: toDataItems(series.data, yOf),
      symbol: 'none',
      showSymbol: true,
      showAllSymbol: true,
      connectNulls: false,
      step: series.sensor_type === 'NUMERIC' ? false : ('end' as const),
      lineStyle: { width: 1.5 },
      emphasis: { disabled: true },
      animation: false,
    };
  });

  // Carrier series (no data, no legend entry): the contact bands and each grid's event marks.
  const carriers: Record<string, unknown>[] = Array.from({ length: gridCount }, (_, grid) => ({
    type: 'line' as const,
    id: `${EVENTS_ID}${grid}`,
    xAxisIndex: grid,
    yAxisIndex: grid,
    data: [],
    silent: true,
    animation: false,
    ...eventMarksOf(events, span.to),
  }));
  if (hasContact) {
    carriers.push({
      type: 'line' as const,
      id: BANDS_ID,
      xAxisIndex: contactGrid,
      yAxisIndex: contactGrid,
      data: [],
      silent: true,
      animation: false,
      markArea: {
        silent: true,
        animation: false,
        label: { show: false },
        emphasis: { label: { show: false } },
        data: [
          [{ yAxis: -1, name: 'OK', itemStyle: { color: OK_BAND_COLOR } }, { yAxis: 0 }],
          [{ yAxis: 0, name: 'Alarm', itemStyle: { color: ALARM_BAND_COLOR } }, { yAxis: 1 }],
        ],
      },
    });
  }

  const axisLabelSize = isNarrow ? 10 : 12;
  const grids = layout.gridTops.map((top, index) => ({
    top,
    height: layout.gridHeights[index],
    left: layout.left,
    right: layout.right,
    containLabel: false,
  }));
  const xAxes = grids.map((_, index) => ({
    type: 'time' as const,
    gridIndex: index,
    min: input.range?.from,
    max: input.range?.to,
    // The time axis stays at the bottom of its grid (not at the value 0, between the contact bands).
    axisLine: { onZero: false },
    axisLabel: { show: index === gridCount - 1, hideOverlap: true, fontSize: axisLabelSize },
    splitLine: { show: false },
  }));
  const yAxes: Record<string, unknown>[] = [];
  if (hasNumeric) {
    yAxes.push({
      type: 'value',
      gridIndex: 0,
      scale: true,
      axisLabel: { fontSize: axisLabelSize },
    });
  }
  if (hasContact) {
    yAxes.push({
      type: 'value',
      gridIndex: contactGrid,
      min: -1,
      max: 1,
      interval: 0.5,
      axisLabel: { fontSize: axisLabelSize, formatter: contactAxisLabel },
      splitLine: { show: true, lineStyle: { type: 'dashed' } },
    });
  }

  const tooltipContext: TooltipContext = { seriesById, events, rangeStart: span.from, rangeEnd: span.to };
  return {
    animation: false,
    title: {
      text: input.title,
      left: isNarrow ? 8 : 16,
      top: 8,
      textStyle: { fontSize: isNarrow ? 13 : 15, fontWeight: 600 },
    },
    legend: {
      type: 'scroll',
      top: isNarrow ? 32 : 36,
      left: isNarrow ? 8 : 16,
      right: isNarrow ? 8 : 16,
      data: names.filter((name): name is string => name !== undefined),
      textStyle: { fontSize: isNarrow ? 11 : 12 },
    },
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: 'line' },
      formatter: (params: unknown) => formatTooltip(params as TooltipParam[], tooltipContext),
    },
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
    grid: grids,
    xAxis: xAxes,
    yAxis: yAxes as GraphChartOption['yAxis'],
    series: [...dataSeries, ...carriers] as GraphChartOption['series'],
  };
}

/** The chart's title: the graph's value_label ('NTC (°C)'), else its group (a series name before ':') and units. */
export function graphTitleOf(key: string, graph: Graph): string {
  if (graph.value_label.trim() !== '') {
    return shortenSeriesName(graph.value_label);
  }
  const first = graph.series[0]?.name ?? '';
  const group = first.includes(':')
    ? first.slice(0, first.indexOf(':'))
    : key.slice(key.lastIndexOf('.') + 1);
  const title = shortenSeriesName(group.trim() === '' ? key : group.trim());
  return graph.units === '' ? title : `${title} (${graph.units})`;
}

/**
 * A series' unit: its value_label when that is one of the graph's units ('°F' of '°F, PPM'); generic labels
 * ('Value', 'Contact', 'State') are no unit.
 */
export function unitOfSeries(series: GraphSeries, graph: Graph): string {
  const units = graph.units.split(',').map((unit) => unit.trim());
  return units.includes(series.value_label) ? series.value_label : '';
}

/** Total points of a graph (the page's test hook and the 'There is no data!' check). */
export function pointCountOf(graph: Graph): number {
  return graph.series.reduce((total, series) => total + series.data.length, 0);
}
