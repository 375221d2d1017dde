import { type Graph, type GraphSeries, shortenSeriesName } from '@vigil/contracts';

/** The words a graph's chart shows: its title, its legend names and its series' units. */

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

/** Total points of a graph (the page's test hook and the 'There is no data!' check). */
export function pointCountOf(graph: Graph): number {
  return graph.series.reduce((total, series) => total + series.data.length, 0);
}

/** Points in alarm of a graph (drawn with a red symbol; the page's test hook). */
export function alarmPointCountOf(graph: Graph): number {
  return graph.series.reduce(
    (total, series) => total + series.data.filter((point) => point[2] && point[1] !== null).length,
    0,
  );
}
