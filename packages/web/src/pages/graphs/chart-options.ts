import {
  GRAPH_LIMITS,
  type Graph,
  type GraphEvent,
  type GraphPoint,
  type GraphSeries,
} from '@vigil/contracts';
import { eventMarksOf, isEventOfGraph } from './chart-events';
import { gapCarrierOf, gapRunsOf, isGapPoint } from './chart-gaps';
import { axesOf, carrierSeriesOf, contactBandsOf, layoutOf } from './chart-layout';
import { formatTooltip, type TooltipContext, type TooltipParam } from './chart-tooltip';
import type { GraphChartOption } from './echarts-setup';
import { seriesNamesOf, unitOfSeries } from './graph-labels';

/**
 * One graph of the payload as an ECharts option (M sections 2, 5 and 9): a numeric axis, and below it the contact
 * axis (BOOL series) with an OK band -1..0 and an Alarm band 0..1; points in alarm marked red; gaps (null values)
 * left as gaps; events on the time axis.
 */

export const ALARM_COLOR = '#F14D49';
const EVENTS_ID = 'events';

export type ChartInput = {
  graph: Graph;
  /** Title shown on the chart (and in the PNG). */
  title: string;
  events: readonly GraphEvent[];
  isNarrow: boolean;
  /** The drawn time span (the page's, so its charts line up); without it the span of this graph's points. */
  range: { from: number; to: number } | null;
  /** The site's IANA zone: the time axis and the tooltip are in it (docs/decisions.md, issue 23). */
  timeZone: string;
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
  if (point[1] === null || isGapPoint(point)) {
    return null;
  }
  const depth = (index + 1) / (count + 1);
  return point[2] ? depth : -depth;
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

/** Narrower than this (one point, say) a time axis has no ticks to show: widen it around the points. */
const MIN_SPAN_MS = 60_000;

/** The first and last point of a graph; null without points. */
export function pointsSpanOf(graph: Graph): { from: number; to: number } | null {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const series of graph.series) {
    from = Math.min(from, series.data[0]?.[0] ?? from);
    to = Math.max(to, series.data.at(-1)?.[0] ?? to);
  }
  return Number.isFinite(from) ? { from, to } : null;
}

/** The time span drawn: the given range, else the first and last point (a minute at least). */
export function spanOf(graph: Graph, range: ChartInput['range']): { from: number; to: number } {
  if (range !== null) {
    return range;
  }
  const points = pointsSpanOf(graph);
  if (points === null) {
    return { from: 0, to: MIN_SPAN_MS };
  }
  const missing = MIN_SPAN_MS - (points.to - points.from);
  return missing > 0 ? { from: points.from - missing / 2, to: points.to + missing / 2 } : points;
}

/**
 * The units of a graph's numeric series that get their own value axis: at most two (left and right), since a
 * third axis has no side to stand on; a series of any other unit shares the right one. Units are the
 * series' own ('Minutes' and 'Seconds' of the System group), so one axis never reads in two units.
 */
export function numericUnitsOf(graph: Graph): string[] {
  const units: string[] = [];
  for (const series of graph.series) {
    const unit = isContactSeries(series) ? null : unitOfSeries(series, graph);
    if (unit !== null && unit !== '' && !units.includes(unit)) {
      units.push(unit);
    }
  }
  return units.length > 1 ? units.slice(0, 2) : [];
}

/** The value axis of a numeric series: its unit's, the right one for any unit beyond the first two. */
function numericAxisOf(series: GraphSeries, graph: Graph, units: readonly string[]): number {
  if (units.length < 2) {
    return 0;
  }
  return unitOfSeries(series, graph) === units[0] ? 0 : 1;
}

/** The drawn series: numeric ones on the first grid, contacts inside their bands on the contact grid. */
function dataSeriesOf(graph: Graph, names: readonly string[], grids: Grids) {
  const contacts = graph.series.filter(isContactSeries);
  const { units, contactGrid, contactAxis } = grids;
  return graph.series.map((series, index) => {
    const isContact = isContactSeries(series);
    const contactIndex = contacts.indexOf(series);
    const yOf = isContact
      ? (point: GraphPoint) => contactYOf(point, contactIndex, contacts.length)
      : (point: GraphPoint) => (isGapPoint(point) ? null : point[1]);
    return {
      type: 'line' as const,
      id: `s${index}`,
      name: names[index],
      xAxisIndex: isContact ? contactGrid : 0,
      yAxisIndex: isContact ? contactAxis : numericAxisOf(series, graph, units),
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
}

/** Where things go: the numeric grid (0) and its units' value axes, then the contact grid and its value axis. */
type Grids = {
  hasNumeric: boolean;
  hasContact: boolean;
  units: string[];
  contactGrid: number;
  contactAxis: number;
};

function gridsOf(graph: Graph): Grids {
  const hasNumeric = graph.series.some((series) => !isContactSeries(series));
  const units = numericUnitsOf(graph);
  return {
    hasNumeric,
    hasContact: graph.series.some(isContactSeries),
    units,
    contactGrid: hasNumeric ? 1 : 0,
    // The contact grid's value axis comes after the numeric grid's one or two.
    contactAxis: hasNumeric ? Math.max(units.length, 1) : 0,
  };
}

/** Carrier series (no data, no legend entry) holding each grid's event marks. */
function eventCarriersOf(grids: Grids, events: readonly GraphEvent[], rangeEnd: number) {
  const list = [];
  if (grids.hasNumeric) {
    list.push({ ...carrierSeriesOf(`${EVENTS_ID}0`, 0, 0), ...eventMarksOf(events, rangeEnd) });
  }
  if (grids.hasContact) {
    const { contactGrid, contactAxis } = grids;
    list.push({
      ...carrierSeriesOf(`${EVENTS_ID}${contactGrid}`, contactGrid, contactAxis),
      ...eventMarksOf(events, rangeEnd),
    });
  }
  return list;
}

/** The labelled gaps of each grid: numeric series on the first, contacts on the contact grid. */
function gapCarriersOf(graph: Graph, grids: Grids) {
  const carriers = [];
  if (grids.hasNumeric) {
    carriers.push(gapCarrierOf(0, 0, gapRunsOf(graph.series.filter((one) => !isContactSeries(one)))));
  }
  if (grids.hasContact) {
    const runs = gapRunsOf(graph.series.filter(isContactSeries));
    carriers.push(gapCarrierOf(grids.contactGrid, grids.contactAxis, runs));
  }
  return carriers;
}

/** The ECharts option of one graph. */
export function buildChartOption(input: ChartInput): GraphChartOption {
  const { graph, isNarrow } = input;
  const names = seriesNamesOf(graph.series);
  const grids = gridsOf(graph);
  const { hasNumeric, hasContact, units } = grids;
  const layout = layoutOf(hasNumeric, hasContact, isNarrow, units.length > 1);
  const span = spanOf(graph, input.range);
  const events = input.events.filter((event) => isEventOfGraph(event, graph));
  const tooltipContext: TooltipContext = {
    seriesById: new Map(
      graph.series.map((series, index) => [
        `s${index}`,
        { series, units: unitOfSeries(series, graph), name: names[index] ?? series.name },
      ]),
    ),
    events,
    rangeStart: span.from,
    rangeEnd: span.to,
    timeZone: input.timeZone,
  };
  const series = [
    ...dataSeriesOf(graph, names, grids),
    ...eventCarriersOf(grids, events, span.to),
    ...(hasContact ? [contactBandsOf(grids.contactGrid, grids.contactAxis)] : []),
    ...gapCarriersOf(graph, grids),
  ];
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
      data: [...names],
      textStyle: { fontSize: isNarrow ? 11 : 12 },
    },
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: 'line' },
      formatter: (params: unknown) => formatTooltip(params as TooltipParam[], tooltipContext),
    },
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
    ...axesOf(layout, {
      hasNumeric,
      hasContact,
      span,
      timeZone: input.timeZone,
      isNarrow,
      numericUnits: units,
    }),
    series: series as GraphChartOption['series'],
  };
}
