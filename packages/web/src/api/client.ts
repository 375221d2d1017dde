import { TWO_FACTOR_MESSAGES } from '@vigil/contracts';
import { sessionStore } from '../auth/session-storage';
import { ApiError, NETWORK_ERROR_STATUS } from './api-error';

export const API_V1_BASE = '/api/v1';
export const API_V2_BASE = '/api/v2';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Turns the untyped JSON of an answer into a typed value, e.g. a contracts schema's `parse`. */
export type Parse<T> = (data: unknown) => T;

export type RequestOptions<T> = {
  /** Sent as JSON; a FormData is sent as multipart/form-data as it is (file uploads). */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  parse: Parse<T>;
  signal?: AbortSignal;
};

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Registers what happens after a 401 (A sections 2 and 8): the session data is already cleared
 * when listeners run; the auth provider uses this to reset its state and go to '/'.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

function handleUnauthorized(): void {
  sessionStore.clearSession();
  for (const listener of unauthorizedListeners) {
    listener();
  }
}

type GatedListener = () => void;
const gatedListeners = new Set<GatedListener>();

/**
 * Registers what happens when the server refuses a call because this session must first set up or
 * verify two-factor authentication (for example a client started requiring it mid-session).
 */
export function onTwoFactorGate(listener: GatedListener): () => void {
  gatedListeners.add(listener);
  return () => {
    gatedListeners.delete(listener);
  };
}

/** Query builders drop empty or null parameters (A section 5). */
export function buildUrl(base: string, path: string, query: RequestOptions<unknown>['query'] = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') {
      params.set(name, String(value));
    }
  }
  const search = params.toString();
  return `${base}/${path.replace(/^\/+/, '')}${search === '' ? '' : `?${search}`}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') {
    return null;
  }
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  if (!isJson) {
    return response.ok ? text : null;
  }
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function buildHeaders(token: string | null, hasJsonBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (hasJsonBody) {
    headers.set('Content-Type', 'application/json');
  }
  if (token !== null) {
    headers.set('Authorization', `JWT ${token}`);
  }
  return headers;
}

async function request<T>(
  base: string,
  method: Method,
  path: string,
  options: RequestOptions<T>,
): Promise<T> {
  const token = sessionStore.getToken();
  const { body } = options;
  const hasBody = body !== undefined;
  // A FormData body is a multipart upload: fetch sets its Content-Type with the boundary.
  const isMultipart = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(buildUrl(base, path, options.query), {
      method,
      headers: buildHeaders(token, hasBody && !isMultipart),
      body: body instanceof FormData ? body : hasBody ? JSON.stringify(body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) {
      throw error;
    }
    throw new ApiError(NETWORK_ERROR_STATUS, null);
  }
  const data = await readBody(response);
  if (!response.ok) {
    const error = new ApiError(response.status, data);
    // A visitor's 401 (no token sent) has no session to end.
    if (response.status === 401 && token !== null) {
      handleUnauthorized();
    } else if (response.status === 403 && error.message === TWO_FACTOR_MESSAGES.required) {
      for (const listener of gatedListeners) {
        listener();
      }
    } else {
      sessionStore.setErrorMessage(error.message);
    }
    throw error;
  }
  return options.parse(data);
}

function createApi(base: string) {
  return {
    get: <T>(path: string, options: RequestOptions<T>) => request(base, 'GET', path, options),
    post: <T>(path: string, options: RequestOptions<T>) => request(base, 'POST', path, options),
    put: <T>(path: string, options: RequestOptions<T>) => request(base, 'PUT', path, options),
    patch: <T>(path: string, options: RequestOptions<T>) => request(base, 'PATCH', path, options),
    delete: <T>(path: string, options: RequestOptions<T>) => request(base, 'DELETE', path, options),
  };
}

/** The `api/v1` client; paths are relative and keep the spec's trailing slashes (`me/`). */
export const api = createApi(API_V1_BASE);
/** The `api/v2` client (me/, rest-auth/logout/, locations/, get-flatpages/, visual dashboard). */
export const apiV2 = createApi(API_V2_BASE);

/** For calls whose answer the caller does not read (204s, `{detail}` acknowledgements). */
export const ignoreBody: Parse<void> = () => undefined;
