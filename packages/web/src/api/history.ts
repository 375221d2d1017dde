import {
  HISTORY_RECORDS_MAX_LIMIT,
  type HistoricalRecord,
  HistoricalRecordSchema,
  type Paginated,
  paginatedSchema,
} from '@vigil/contracts';
import { api } from './client';

const HistoricalRecordsPageSchema = paginatedSchema(HistoricalRecordSchema);

/** Query keys of a device's historical records. */
export function historicalRecordsQueryKey(deviceId: number, timestamp: string) {
  return ['devices', 'one', deviceId, 'historical', timestamp] as const;
}

/**
 * GET devices/{id}/historical/records/?timestamp=YYYY-MM-DD HH:MM:00: the records at and after that time of
 * the site, oldest first; the historical page asks for up to 10,000 at once (M section 7).
 */
export function listHistoricalRecords(
  deviceId: number,
  timestamp: string,
  signal?: AbortSignal,
  { limit = HISTORY_RECORDS_MAX_LIMIT, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<Paginated<HistoricalRecord>> {
  return api.get(`devices/${deviceId}/historical/records/`, {
    query: { timestamp, limit, offset },
    parse: HistoricalRecordsPageSchema.parse,
    signal,
  });
}
