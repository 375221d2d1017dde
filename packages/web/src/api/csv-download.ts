import { sessionStore } from '../auth/session-storage';
import { ApiError, NETWORK_ERROR_STATUS } from './api-error';
import { API_V1_BASE, buildUrl } from './client';

type Query = Record<string, string | number | boolean | undefined>;

/**
 * GET of a CSV export with the JWT header (a plain link cannot send it): the file as a blob, or an ApiError with
 * the server's message (e.g. the date-range rule). notifications/export/ and audit/export/.
 */
export async function fetchCsv(path: string, query: Query): Promise<Blob> {
  const token = sessionStore.getToken();
  let response: Response;
  try {
    response = await fetch(buildUrl(API_V1_BASE, path, query), {
      headers: token === null ? {} : { Authorization: `JWT ${token}` },
    });
  } catch {
    throw new ApiError(NETWORK_ERROR_STATUS, null);
  }
  if (!response.ok) {
    const isJson = response.headers.get('content-type')?.includes('json') ?? false;
    const body: unknown = isJson ? await response.json().catch(() => null) : null;
    throw new ApiError(response.status, body);
  }
  return response.blob();
}
