import type { DeviceRow } from '../devices/devices.table';
import type { ColumnsByKey } from './graph-bucket-columns';
import { createFlatBuckets } from './graph-flat-buckets';
import { PointLabels } from './graph-flat-points';
import type { DeviceGraphLayout, SeriesLayout } from './graph-layout';
import type { SeriesPointOptions } from './graph-points';
import { seriesPointsJson } from './graph-series-json';

/**
 * The graph payload (DeviceGraphs, docs/graphs.md) as JSON text: the text JSON.stringify gives for the object
 * graphs.service.ts `payload` builds, same keys in the same order, each series' `data` written straight from
 * its bucket columns (graph-series-json.ts).
 */

const text = (value: string): string => JSON.stringify(value);

function seriesJson(
  device: DeviceRow,
  series: SeriesLayout,
  columns: ColumnsByKey,
  options: SeriesPointOptions,
  labels: PointLabels,
): string {
  const data =
    series.sensorKey === null
      ? '[]'
      : seriesPointsJson(columns.get(series.sensorKey) ?? createFlatBuckets(0), series, options, labels);
  return `{"sensor":${text(series.sensor)},"name":${text(series.name)},"device_name":${text(device.title)},"sensor_type":${text(series.sensorType)},"value_label":${text(series.valueLabel)},"data":${data}}`;
}

export function payloadJson(
  device: DeviceRow,
  layout: DeviceGraphLayout,
  columns: ColumnsByKey,
  options: SeriesPointOptions,
): string {
  const labels = new PointLabels();
  // A plain object in the payload's insertion order: its key order is the one JSON.stringify would write.
  const graphs: Record<string, string> = {};
  for (const graph of layout.graphs) {
    const series = graph.series.map((item) => seriesJson(device, item, columns, options, labels));
    graphs[graph.key] =
      `{"units":${text(graph.units)},"value_label":${text(graph.valueLabel)},"series":[${series.join(',')}]}`;
  }
  const entries = Object.keys(graphs).map((key) => `${text(key)}:${graphs[key]}`);
  return `{"device":${JSON.stringify(device.id)},"device_name":${text(device.title)},"device_type":${text(device.deviceType)},"graphs":{${entries.join(',')}}}`;
}
