import { type DeviceGraphLayout, layoutSeries, type SeriesLayout } from './graph-layout';

/**
 * Which series `?sensor_id=` exports (docs/graphs.md 'Export'): a graph key (wire-formats.md: the export carries
 * a `graphs` key) exports every series of that graph; a full dotted sensor id that one sensor; otherwise the
 * sensors whose id ends with it as dotted segments ('3' → every node's sensor 3, as /graphs/{sensorId} shows).
 * Series in graph order; [] when nothing matches.
 */
export function selectExportSeries(layout: DeviceGraphLayout, sensorId: string): SeriesLayout[] {
  const id = sensorId.trim();
  if (id === '') {
    return [];
  }
  const graph = layout.graphs.find((candidate) => candidate.key === id);
  if (graph !== undefined) {
    return graph.series;
  }
  const series = layoutSeries(layout);
  const exact = series.filter((candidate) => candidate.sensor === id);
  return exact.length > 0 ? exact : series.filter((candidate) => candidate.sensor.endsWith(`.${id}`));
}
