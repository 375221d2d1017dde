import { GRAPH_GAP_LABELS, type GraphPoint, type GraphSeries } from '@vigil/contracts';
import { carrierSeriesOf } from './chart-layout';

/**
 * M section 2: lost-communication and disabled points are gaps with a label ('Disabled', 'Sensor Not Scanned by
 * T500', ...). A device may still send a value for a disabled sensor (0), which must not draw as a flat line, so
 * the state decides, not the value; each run of gaps is shaded and labelled on the chart.
 */

const GAP_AREA_COLOR = 'rgba(140, 140, 140, 0.12)';
const GAP_LABEL_COLOR = '#595959';

const GAP_LABELS: readonly string[] = GRAPH_GAP_LABELS;

/** Is this point a labelled gap (drawn as no value, whatever value it carries)? */
export function isGapPoint(point: GraphPoint): boolean {
  return GAP_LABELS.includes(point[3]);
}

export type GapRun = { from: number; to: number; label: string };

/**
 * The runs of labelled gaps of some series, by label, merged where they overlap: from the point before a run to
 * the next point that is not a gap (or its last gap point at the end of the data).
 */
export function gapRunsOf(series: readonly GraphSeries[]): GapRun[] {
  const runs: GapRun[] = [];
  for (const one of series) {
    let open: GapRun | null = null;
    let previous: number | null = null;
    for (const point of one.data) {
      if (isGapPoint(point) && open?.label === point[3]) {
        open.to = point[0];
        continue;
      }
      if (open !== null) {
        open.to = point[0];
        runs.push(open);
        open = null;
      }
      if (isGapPoint(point)) {
        // The gap starts where the line stops: at the last drawn point before it.
        open = { from: previous ?? point[0], to: point[0], label: point[3] };
      }
      previous = point[0];
    }
    if (open !== null) {
      runs.push(open);
    }
  }
  return mergeRuns(runs);
}

function mergeRuns(runs: GapRun[]): GapRun[] {
  const sorted = [...runs].sort((a, b) => a.label.localeCompare(b.label) || a.from - b.from);
  const merged: GapRun[] = [];
  for (const run of sorted) {
    const last = merged.at(-1);
    if (last !== undefined && last.label === run.label && run.from <= last.to) {
      last.to = Math.max(last.to, run.to);
    } else {
      merged.push({ ...run });
    }
  }
  return merged.sort((a, b) => a.from - b.from);
}

/** A carrier series shading and labelling one grid's gap runs. */
export function gapCarrierOf(grid: number, valueAxis: number, runs: readonly GapRun[]) {
  return {
    ...carrierSeriesOf(`gaps${grid}`, grid, valueAxis),
    markArea: {
      silent: true,
      animation: false,
      itemStyle: { color: GAP_AREA_COLOR },
      label: { show: true, position: 'insideTop' as const, color: GAP_LABEL_COLOR, fontSize: 11 },
      data: runs.map((run) => [{ xAxis: run.from, name: run.label }, { xAxis: run.to }] as const),
    },
  };
}
