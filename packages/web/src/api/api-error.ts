import { COMMON_MESSAGES } from '@vigil/contracts';

export type FieldErrors = Record<string, string[]>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstText(value: unknown): string | null {
  if (typeof value === 'string') {
    return value.trim() === '' ? null : value;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = firstText(item);
      if (text !== null) {
        return text;
      }
    }
  }
  return null;
}

/** A section 8: the client shows the first value of an error body (`detail`, else the first field's first message). */
export function firstErrorMessage(body: unknown): string | null {
  if (typeof body === 'string' || Array.isArray(body)) {
    return firstText(body);
  }
  if (!isRecord(body)) {
    return null;
  }
  const detail = firstText(body.detail);
  if (detail !== null) {
    return detail;
  }
  for (const value of Object.values(body)) {
    const text = firstText(value);
    if (text !== null) {
      return text;
    }
  }
  return null;
}

/** The `{field: [messages]}` part of a 400 body; `detail` is not a field. */
export function fieldErrorsOf(body: unknown): FieldErrors {
  if (!isRecord(body)) {
    return {};
  }
  const fields: FieldErrors = {};
  for (const [field, value] of Object.entries(body)) {
    if (field === 'detail') {
      continue;
    }
    const messages = (Array.isArray(value) ? value : [value]).filter(
      (item): item is string => typeof item === 'string',
    );
    if (messages.length > 0) {
      fields[field] = messages;
    }
  }
  return fields;
}

/** Status 0 stands for 'no answer at all' (network down, server unreachable). */
export const NETWORK_ERROR_STATUS = 0;

/** No answer, or a proxy's word that the server behind it is down. */
function isConnectionProblem(status: number): boolean {
  return status === NETWORK_ERROR_STATUS || status === 502 || status === 503 || status === 504;
}

/** A failed API call: the HTTP status, the message to show and the per-field messages of a 400. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly fields: FieldErrors;
  /** True when the message came from the server's body rather than a client-side fallback. */
  readonly hasServerMessage: boolean;

  constructor(status: number, body: unknown) {
    const serverMessage = firstErrorMessage(body);
    super(serverMessage ?? fallbackMessageFor(status));
    this.status = status;
    this.fields = fieldErrorsOf(body);
    this.hasServerMessage = serverMessage !== null;
  }
}

function fallbackMessageFor(status: number): string {
  if (isConnectionProblem(status)) {
    return COMMON_MESSAGES.serverConnectionProblem;
  }
  if (status === 401) {
    return COMMON_MESSAGES.notAuthenticated;
  }
  if (status === 403) {
    return COMMON_MESSAGES.permissionDenied;
  }
  if (status === 404) {
    return COMMON_MESSAGES.notFound;
  }
  return COMMON_MESSAGES.unexpected;
}

/** The message to show for any thrown value: the server's text when it sent one, else `fallback`. */
export function errorMessageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.hasServerMessage || isConnectionProblem(error.status))) {
    return error.message;
  }
  return fallback;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
