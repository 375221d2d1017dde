import { COMMON_MESSAGES } from '@vigil/contracts';

/** Error codes mapped to HTTP statuses in one place (http/error-handler.ts). */
export const ERROR_STATUS = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one error type services throw; `fields` carries per-field messages for 400 answers. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static validation(fields: Record<string, string[]>): AppError {
    const first = Object.values(fields)[0]?.[0] ?? 'Invalid input.';
    return new AppError('validation', first, fields);
  }
}

/** 403 with the spec's 'You do not have permission to perform this action.' */
export function forbidden(): AppError {
  return new AppError('forbidden', COMMON_MESSAGES.permissionDenied);
}

/** 404 with the spec's 'Not found.': what a foreign tenant's rows answer, so they cannot be told from absent. */
export function notFound(): AppError {
  return new AppError('not_found', COMMON_MESSAGES.notFound);
}
