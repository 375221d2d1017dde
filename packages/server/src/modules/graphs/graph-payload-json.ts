import type { DeviceRow } from '../../db/tables/devices.table';
import type { ColumnsByKey } from './graph-bucket-columns';
import { createFlatBuckets } from './graph-flat-buckets';
import { PointLabels } from './graph-flat-points';
import { JsonWriter } from './graph-json-writer';
import type { DeviceGraphLayout, GraphLayout } from './graph-layout';
import type { SeriesPointOptions } from './graph-points';
import { type PointsScratch, writeSeriesPoints } from './graph-series-json';

/**
 * The graph payload (DeviceGraphs, docs/graphs.md) as UTF-8 JSON bytes: the text JSON.stringify gives for the
 * object graphs.service.ts `payload` builds, same keys in the same order, each series' `data` written straight
 * from its bucket columns (graph-series-json.ts) into one buffer (graph-json-writer.ts).
 */

const text = (value: string): string => JSON.stringify(value);

/** A 100-sensor month graph is about 2 MB: start there rather than grow a small buffer many times. */
const INITIAL_BYTES = 1 << 21;

export function payloadJson(
  device: DeviceRow,
  layout: DeviceGraphLayout,
  columns: ColumnsByKey,
  options: SeriesPointOptions,
): Buffer {
  const labels = new PointLabels();
  const scratch: PointsScratch = {};
  const empty = createFlatBuckets(0);
  const writer = new JsonWriter(INITIAL_BYTES);
  const deviceName = text(device.title);
  // A plain object keyed as the payload's graphs: its key order is the one JSON.stringify writes (the last
  // graph of a repeated key wins, at the first one's place).
  const graphs: Record<string, GraphLayout> = {};
  for (const graph of layout.graphs) {
    graphs[graph.key] = graph;
  }
  writer.text(
    `{"device":${JSON.stringify(device.id)},"device_name":${deviceName},"device_type":${text(device.deviceType)},"graphs":{`,
  );
  Object.keys(graphs).forEach((key, graphIndex) => {
    const graph = graphs[key] as GraphLayout;
    writer.text(
      `${graphIndex === 0 ? '' : ','}${text(key)}:{"units":${text(graph.units)},"value_label":${text(graph.valueLabel)},"series":[`,
    );
    graph.series.forEach((series, seriesIndex) => {
      writer.text(
        `${seriesIndex === 0 ? '' : ','}{"sensor":${text(series.sensor)},"name":${text(series.name)},"device_name":${deviceName},"sensor_type":${text(series.sensorType)},"value_label":${text(series.valueLabel)},"data":`,
      );
      if (series.sensorKey === null) {
        writer.ascii('[]');
      } else {
        const buckets = columns.get(series.sensorKey) ?? empty;
        writeSeriesPoints(buckets, series, options, labels, writer, scratch);
      }
      writer.ascii('}');
    });
    writer.ascii(']}');
  });
  writer.ascii('}}');
  return writer.result();
}
