import {
  GRAPH_EXPORT_DEFAULT_TIMESCALE,
  GRAPH_MESSAGES,
  GRAPH_TIMESCALE_SPAN_MS,
  type GraphTimescale,
  GraphTimescaleSchema,
  graphExportFileName,
  type StateTree,
} from '@vigil/contracts';
import { historyVisibleSince } from '../../access/device-history';
import type { Database } from '../../db/database';
import type { DeviceRow } from '../../db/tables/devices.table';
import type { UserRow } from '../../db/tables/users.table';
import { AppError } from '../../errors';
import { readableDevice } from '../sensor-settings/device-settings';
import * as sitesRepo from '../sites/sites.repo';
import { resolutionFor } from '../telemetry/series';
import { exportHeader, exportLines, wallClockFormatter } from './graph-export-csv';
import {
  EXPORT_PAGE_ROWS,
  type ExportPlan,
  type ExportReader,
  exportReaderOf,
  planExport,
  sensorPages,
} from './graph-export-pages';
import { selectExportSeries } from './graph-export-select';
import { loadGraphLayout, type SeriesLayout } from './graph-layout';
import { visibleStart } from './graph-range';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { sites: sitesRepo };
export type GraphExportRepositories = typeof REPOSITORIES;

export type GraphExportDeps = {
  db: Database;
  repos?: GraphExportRepositories;
  /** The device's newest tree: this instance's memory or device_state, whichever is newer. */
  latestTree(device: DeviceRow): Promise<StateTree | undefined>;
  now?: () => Date;
  /** The page reads (tests count them); graph-export.repo.ts by default. */
  reader?: ExportReader;
  pageRows?: number;
};

export type GraphExportQuery = { current_chart_type?: string | undefined; sensor_id?: string | undefined };

/** The file name and its CSV text, produced page by page as the response stream asks for it. */
export type GraphExportFile = { fileName: string; chunks: AsyncGenerator<string> };

/** `current_chart_type`: hour, day, week or month (any case; 'live' exports the hour the Live chart shows). */
function exportTimescaleOf(raw: string | undefined): GraphTimescale {
  const text = raw?.trim().toLowerCase() ?? '';
  if (text === '') {
    return GRAPH_EXPORT_DEFAULT_TIMESCALE;
  }
  const parsed = GraphTimescaleSchema.safeParse(text === 'live' ? 'hour' : text);
  if (!parsed.success) {
    throw AppError.validation({ current_chart_type: [GRAPH_MESSAGES.timescaleInvalid] });
  }
  return parsed.data;
}

/**
 * GET graphs/device/{id}/export/ (M section 7; docs/graphs.md 'Export'): the CSV of a graph or sensors for the
 * range of a timescale ending now, at the resolution of the graph's table (raw readings for the hour, 1-minute
 * roll-ups for day and week, 1-hour roll-ups for the month), never downsampled, series in graph order and each
 * oldest first, times in the site's timezone. Whoever may see the device exports; 404 otherwise.
 */
export class GraphExportService {
  private readonly now: () => Date;
  private readonly reader: ExportReader;
  private readonly repos: GraphExportRepositories;

  constructor(private readonly deps: GraphExportDeps) {
    this.now = deps.now ?? (() => new Date());
    this.repos = deps.repos ?? REPOSITORIES;
    this.reader = deps.reader ?? exportReaderOf(deps.db);
  }

  async exportCsv(user: UserRow, deviceId: number, query: GraphExportQuery): Promise<GraphExportFile> {
    const device = await readableDevice(this.deps.db, user, deviceId);
    const timescale = exportTimescaleOf(query.current_chart_type);
    const sensorId = query.sensor_id?.trim() ?? '';
    if (sensorId === '') {
      throw AppError.validation({ sensor_id: [GRAPH_MESSAGES.sensorRequired] });
    }
    const layout = await loadGraphLayout(this.deps.db, device, this.deps.latestTree);
    const series = selectExportSeries(layout, sensorId);
    if (series.length === 0) {
      throw AppError.validation({ sensor_id: [GRAPH_MESSAGES.unknownSensor] });
    }
    const site = await this.repos.sites.getLocationById(this.deps.db, device.locationId);
    const now = this.now();
    const span = GRAPH_TIMESCALE_SPAN_MS[timescale];
    const source = resolutionFor(span);
    const done = source === 'raw' ? undefined : await this.reader.progress(source);
    const since = await historyVisibleSince(this.deps.db, user, device.id);
    const from = visibleStart(new Date(now.getTime() - span), now, source, since);
    const plan = planExport(source, { from, to: now }, done);
    return {
      fileName: graphExportFileName(device.id, sensorId, timescale, now),
      chunks: this.chunks(series, plan, site?.timezone ?? 'UTC'),
    };
  }

  /** The header, then one chunk per page of rows: a page is read only when the stream wants more. */
  private async *chunks(series: SeriesLayout[], plan: ExportPlan, timeZone: string): AsyncGenerator<string> {
    yield exportHeader(timeZone);
    const formatTime = wallClockFormatter(timeZone);
    const pageRows = this.deps.pageRows ?? EXPORT_PAGE_ROWS;
    for (const one of series) {
      if (one.sensorKey === null) {
        continue;
      }
      const shown = {
        sensor: one.sensor,
        name: one.name,
        byLastValue: one.sensorType !== 'NUMERIC',
        scale: one.scale,
      };
      for await (const rows of sensorPages(this.reader, plan, one.sensorKey, pageRows)) {
        yield exportLines(shown, rows, formatTime);
      }
    }
  }
}
