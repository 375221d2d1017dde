import { z } from 'zod';
import { IdParamSchema } from './common';
import { SENSOR_STATE_TEXTS, type SensorType, SensorTypeSchema } from './realtime';

/**
 * Sensor graphs (monitoring spec sections 2 'Sensor graphs', 3 'Graph payload', 4 'Live data' and 'Graph page
 * alert state', 7 'Graphs', 8 and 9; wire-formats.md 'Graphs'; docs/graphs.md). One graph per sensor group
 * (its dotted path is the key), one series per NUMERIC, BOOL or ENUM sensor of the group.
 */

/** M section 2: Live, 1 HR, 24 HR, 7 Days, 30 Days; Live reads the hour too and then polls live-update/. */
export const GRAPH_TIMESCALES = ['hour', 'day', 'week', 'month'] as const;
export const GraphTimescaleSchema = z
  .enum(GRAPH_TIMESCALES)
  .describe('Range ending now: hour, day, week, month');
export type GraphTimescale = z.infer<typeof GraphTimescaleSchema>;

const HOUR_MS = 3_600_000;
export const GRAPH_TIMESCALE_SPAN_MS: Record<GraphTimescale, number> = {
  hour: HOUR_MS,
  day: 24 * HOUR_MS,
  week: 7 * 24 * HOUR_MS,
  month: 30 * 24 * HOUR_MS,
};
/** The export's payload default (M section 7). */
export const GRAPH_EXPORT_DEFAULT_TIMESCALE: GraphTimescale = 'day';

/** M section 9 and issue 10: constants of the graph pages. */
export const GRAPH_LIMITS = {
  /** A series carries at most about this many points whatever the range (server-side downsampling). */
  pointBudget: 1_500,
  /** Live mode polls live-update/ this often. */
  livePollMs: 2_000,
  /** The hour timescale re-fetches this often. */
  hourRefreshMs: 30_000,
  /** Alerts clear after this long. */
  alertDismissMs: 5_000,
  /** A gap longer than this × 1.15 gets a null point; historical graphs use 12 hours. */
  gapMs: 30 * 60_000,
  historicalGapMs: 12 * HOUR_MS,
  gapFactor: 1.15,
  /** The first live-update/ answer carries this recent window (wire-formats.md 'Graphs'). */
  liveWindowMs: 10 * 60_000,
  /** A historical graph shows this span ending at the chosen time (docs/decisions.md). */
  historicalSpanMs: 7 * 24 * HOUR_MS,
  /** Beyond the spec: the longest `from`/`to` range of a zoom link or of the events call. */
  maxRangeMs: 31 * 24 * HOUR_MS,
  /** Beyond the spec: the events call answers at most this many, the newest. */
  eventsLimit: 500,
  /** Chart heights: with a numeric axis (alone or beside the contact axis), and contact only. */
  chartHeight: 460,
  contactChartHeight: 210,
  /** At or below this viewport width the page uses its narrow layout. */
  narrowWidthPx: 1_000,
  /** Series names this long or longer are shortened to their first four words and '...'. */
  longNameLength: 150,
} as const;

/** M sections 2, 4 and 8, verbatim. */
export const GRAPH_MESSAGES = {
  selectSensors: 'Please select Sensors to generate graphs!',
  graphsEmpty: 'graphs is empty!',
  noData: 'There is no data!',
  selectDate: 'Select date!',
  fetchError: 'An error occured, please try again!',
  selectDevice: 'Please, select device before!',
  success: 'Successfully',
  showAll: 'Show All Graphs',
  clearAll: 'Clear All',
  search: 'SEARCH',
  /** The historical banner: followed by the date and time. */
  historicalBanner: 'This is a historical snapshot, not live data:',
  timestampInvalid: 'Enter a valid date and time as YYYY-MM-DD HH:MM:00.',
  timescaleInvalid: "Choose one of 'hour', 'day', 'week' or 'month'.",
  timescaleOrTimestamp: 'Send either timescale or timestamp, not both.',
  /** Beyond the spec: zoom links and the events call (`from`/`to` in epoch ms). */
  rangeInvalid: 'Send from and to as epoch milliseconds, from before to, at most 31 days apart.',
  sensorRequired: 'Choose a sensor to export.',
  unknownSensor: 'This device has no such sensor.',
  notF500: 'Only F500 and F500 UDF devices have nodes.',
} as const;

/** M section 2: lost-communication points are gaps carrying one of these labels in their state text. */
export const GRAPH_GAP_LABELS = [
  SENSOR_STATE_TEXTS.lostCommunication,
  SENSOR_STATE_TEXTS.notScanned,
  SENSOR_STATE_TEXTS.disabled,
] as const;

/** `[timestamp ms, value or null (a gap), in alarm, state text]`. */
export type GraphPoint = [timestampMs: number, value: number | null, inAlarm: boolean, state: string];

export type GraphSeries = {
  /** Full dotted sensor id. */
  sensor: string;
  /** 'group:suffix' (M section 3), with the sensor's custom name where one is set. */
  name: string;
  device_name: string;
  sensor_type: SensorType;
  value_label: string;
  data: GraphPoint[];
};

export type Graph = { units: string; value_label: string; series: GraphSeries[] };

/** The wire schema of a point (OpenAPI; the payloads are written without a check of every point). */
export const GraphPointSchema = z
  .tuple([z.number(), z.number().nullable(), z.boolean(), z.string()])
  .describe('[timestamp ms, value (null: a gap), in alarm, state text or gap label]');

/** The wire schema of a graph: one sensor group's series (`Graph`). */
export const GraphSchema = z.object({
  units: z.string(),
  value_label: z.string(),
  series: z.array(
    z.object({
      sensor: z.string().describe('Full dotted sensor id'),
      name: z.string().describe("'group:suffix', with the custom name where set"),
      device_name: z.string(),
      sensor_type: SensorTypeSchema,
      value_label: z.string(),
      data: z.array(GraphPointSchema).describe('At most 1,500 points (docs/graphs.md)'),
    }),
  ),
});

/** GET graphs/device/{id}/ and live-update/: graphs in M section 9 order (keys are dotted paths, never numeric). */
export type DeviceGraphs = {
  device: number;
  device_name: string;
  device_type: string;
  graphs: Record<string, Graph>;
};

/** `?timescale=` (ending now) or `?timestamp=YYYY-MM-DD HH:MM:00` in the site's timezone (historical). */
export const GraphsQuerySchema = z.object({
  timescale: z.string().optional().describe('hour, day, week or month'),
  timestamp: z.string().optional().describe('Historical: YYYY-MM-DD HH:MM:00 in the site timezone'),
  /** Beyond the spec: an explicit range (zoom links), epoch milliseconds. */
  from: z.coerce.number().int().nonnegative().optional().describe('Range start, epoch ms'),
  to: z.coerce.number().int().nonnegative().optional().describe('Range end, epoch ms'),
});

/** GET graphs/device/{id}/live-update/?since= (epoch ms of the newest point the page holds). */
export const GraphsLiveQuerySchema = z.object({
  since: z.coerce.number().int().nonnegative().optional().describe('Newest point held, epoch ms'),
});

/** GET graphs/device/{id}/export/?current_chart_type&sensor_id. */
export const GraphsExportQuerySchema = z.object({
  current_chart_type: z.string().optional().describe('Timescale: hour, day, week or month (default day)'),
  sensor_id: z.string().optional().describe('Full dotted sensor id, or its last segment'),
});

export function graphExportFileName(deviceId: number, sensor: string, timescale: string, at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const date = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
  const time = `${pad(at.getUTCHours())}-${pad(at.getUTCMinutes())}-${pad(at.getUTCSeconds())}`;
  return `device_${deviceId}_sensor_${sensor.replace(/[^A-Za-z0-9._-]/g, '_')}_${timescale}_${date}_${time}.csv`;
}

/** F500 node of the side panel (wire-formats.md: sensor ids are JSON numbers where the tree has numbers). */
export type F500Node = {
  number: number;
  formated_number: string;
  sensors: Array<{ id: number | string; name: string }>;
  /** Beyond the wire: the node's graph key (dotted group path); its series' sensor ids start with `${key}.`. */
  key?: string;
};

export const GRAPH_ARRANGEMENT_ACTIONS = ['append', 'delete', 'clean'] as const;

/** POST graphs/device/{id}/f500-update-arrangement/: the panel's selection, kept per user and device. */
export const GraphArrangementInputSchema = z.object({
  action: z.enum(GRAPH_ARRANGEMENT_ACTIONS, { error: "Choose 'append', 'delete' or 'clean'." }),
  graph_type: z.string().max(40).optional().describe('Timescale or live the panel was on'),
  node: z.coerce.number().int().min(0).max(65_535).optional().describe('Node number'),
  sensor: z
    .union([z.string().max(200), z.number()])
    .optional()
    .describe('Sensor id within the node'),
});
export type GraphArrangementInput = z.infer<typeof GraphArrangementInputSchema>;

/** The selection as the page reads it back: node number → sensor ids (empty: the whole node). */
export type GraphArrangement = { nodes: Array<{ node: number; sensors: string[] }> };

export const GraphDeviceParamsSchema = z.object({ id: IdParamSchema });

/** Beyond the spec (issue 10): events drawn on the time axis of every chart. */
export const GRAPH_EVENT_KINDS = [
  'alarm_on',
  'alarm_off',
  'warning_on',
  'warning_off',
  'device_offline',
  'device_online',
  'maintenance',
] as const;
export type GraphEventKind = (typeof GRAPH_EVENT_KINDS)[number];

/** GET graphs/device/{id}/events/?from&to: one mark; sensor null for device-wide events (offline periods). */
export type GraphEvent = {
  kind: GraphEventKind;
  at: number;
  sensor: string | null;
  label: string;
};

/** M section 5: names of 150 characters or more become their first four words and '...'. */
export function shortenSeriesName(name: string): string {
  if (name.length < GRAPH_LIMITS.longNameLength) {
    return name;
  }
  return `${name.trim().split(/\s+/).slice(0, 4).join(' ')}...`;
}
