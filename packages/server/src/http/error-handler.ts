import { COMMON_MESSAGES, NON_FIELD_ERRORS } from '@vigil/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ERROR_STATUS } from '../errors';

type ValidationIssue = { instancePath: string; message?: string };

/** Request-schema issues as DRF-style `{field: [messages]}`, the first path segment naming the field. */
export function issuesToFields(issues: ValidationIssue[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath.split('/').filter(Boolean)[0] ?? NON_FIELD_ERRORS;
    const message = issue.message ?? 'Invalid value.';
    const list = fields[field] ?? [];
    if (!list.includes(message)) {
      list.push(message);
    }
    fields[field] = list;
  }
  return fields;
}

/** One place where errors become HTTP answers; 5xx details are logged, never sent. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Error bodies are built here, not by the route: bypass the route's response schemas. A custom
    // serializer leaves the content type unset, and browsers only parse the body as JSON with it.
    reply.serializer((payload: unknown) => JSON.stringify(payload));
    reply.type('application/json; charset=utf-8');
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) {
        reply.header('Retry-After', String(error.retryAfterSeconds));
      }
      const body = error.code === 'validation' && error.fields ? error.fields : { detail: error.message };
      return reply.code(ERROR_STATUS[error.code]).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(issuesToFields(error.validation));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: clientErrorMessage(error) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: COMMON_MESSAGES.unexpected });
  });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'JSON parse error: the request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported media type: send application/json.';
    default:
      return error.message;
  }
}
