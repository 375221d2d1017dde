import { GRAPH_LIMITS } from '@vigil/contracts';
import { axisZoneName, formatAxisTime } from '../../time/site-time';
import type { GraphChartOption } from './echarts-setup';

/**
 * The boxes and axes of a graph's chart (M section 9): the numeric grid, and below it (or alone) the contact
 * grid whose axis holds the OK band -1..0 and the Alarm band 0..1; heights 460 and 210; narrower margins at
 * 1000 px or less.
 */

const OK_BAND_COLOR = 'rgba(39, 174, 96, 0.08)';
const ALARM_BAND_COLOR = 'rgba(241, 77, 73, 0.08)';

export type Layout = { gridTops: number[]; gridHeights: number[]; left: number; right: number };

/** Grid boxes: the numeric grid above the contact grid when both exist. */
export function layoutOf(
  hasNumeric: boolean,
  hasContact: boolean,
  isNarrow: boolean,
  hasRightAxis = false,
): Layout {
  const left = isNarrow ? 48 : 72;
  // A second unit's axis on the right needs the room of the left one.
  const right = hasRightAxis ? left : isNarrow ? 16 : 32;
  const top = isNarrow ? 64 : 72;
  const height = hasNumeric ? GRAPH_LIMITS.chartHeight : GRAPH_LIMITS.contactChartHeight;
  // Room under the lowest grid for its time labels and the axis name that says the zone.
  const bottom = 52;
  if (hasNumeric && hasContact) {
    const contactHeight = 80;
    // Room between the grids for the numeric grid's own time labels.
    const gap = 36;
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

type AxesInput = {
  hasNumeric: boolean;
  hasContact: boolean;
  /** The time span every grid of the chart draws, so the numeric and contact axes agree. */
  span: { from: number; to: number };
  /** The site's zone: ticks and the axis name are in it, not the browser's (docs/decisions.md, issue 23). */
  timeZone: string;
  isNarrow: boolean;
  /** The numeric grid's units, one value axis each (left, then right), so one axis never mixes two units. */
  numericUnits: readonly string[];
};

/** The grids, their time axes (every grid labelled, in the site's zone, over one span) and value axes. */
export function axesOf(layout: Layout, input: AxesInput) {
  const fontSize = input.isNarrow ? 10 : 12;
  const gridCount = layout.gridTops.length;
  const { span, timeZone } = input;
  const spanMs = span.to - span.from;
  const formatter = (value: number) => formatAxisTime(value, timeZone, spanMs);
  const grid = layout.gridTops.map((top, index) => ({
    top,
    height: layout.gridHeights[index],
    left: layout.left,
    right: layout.right,
    containLabel: false,
  }));
  const xAxis = grid.map((_, index) => ({
    type: 'time' as const,
    gridIndex: index,
    min: span.from,
    max: span.to,
    // The time axis stays at the bottom of its grid (not at the value 0, between the contact bands).
    axisLine: { onZero: false },
    axisLabel: { show: true, hideOverlap: true, fontSize, formatter },
    splitLine: { show: false },
    ...(index === gridCount - 1
      ? {
          name: axisZoneName(span.to, timeZone),
          nameLocation: 'middle' as const,
          nameGap: 28,
          nameTextStyle: { fontSize, color: '#595959' },
        }
      : {}),
  }));
  const yAxis: Record<string, unknown>[] = [];
  if (input.hasNumeric) {
    const units = input.numericUnits.length === 0 ? [''] : input.numericUnits;
    units.forEach((unit, index) => {
      yAxis.push({
        type: 'value',
        gridIndex: 0,
        scale: true,
        position: index === 0 ? 'left' : 'right',
        // Only the first axis draws grid lines: two sets of lines on one grid would not line up.
        splitLine: { show: index === 0 },
        axisLabel: { fontSize },
        // Named along the axis, in the margin: above the grid the legend would cover it.
        ...(units.length > 1
          ? {
              name: unit,
              nameLocation: 'middle',
              nameRotate: index === 0 ? 90 : -90,
              nameGap: input.isNarrow ? 34 : 50,
              nameTextStyle: { fontSize, color: '#595959' },
            }
          : {}),
      });
    });
  }
  if (input.hasContact) {
    yAxis.push({
      type: 'value',
      gridIndex: input.hasNumeric ? 1 : 0,
      min: -1,
      max: 1,
      interval: 0.5,
      axisLabel: { fontSize, formatter: contactAxisLabel },
      splitLine: { show: true, lineStyle: { type: 'dashed' } },
    });
  }
  return { grid, xAxis, yAxis: yAxis as GraphChartOption['yAxis'] };
}

/** A series without data or legend entry that carries one grid's marks (bands, gaps, events). */
export function carrierSeriesOf(id: string, grid: number, valueAxis: number) {
  return {
    type: 'line' as const,
    id,
    xAxisIndex: grid,
    yAxisIndex: valueAxis,
    data: [],
    silent: true,
    animation: false,
  };
}

/** A carrier series shading the contact axis' OK and Alarm bands. */
export function contactBandsOf(contactGrid: number, valueAxis: number) {
  return {
    ...carrierSeriesOf('bands', contactGrid, valueAxis),
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
  };
}
