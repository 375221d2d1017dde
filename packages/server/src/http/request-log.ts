import type { FastifyRequest, FastifyServerOptions } from 'fastify';

const REDACTED = '[redacted]';

/** Query parameters that carry credentials (the live feed's `?token=<JWT>`, and their likes). */
const SECRET_QUERY =
  /([?&](?:token|access_token|auth|key|activation_key|password|secret|signature)=)[^&#]*/gi;

/** Path segments that are keys: activation keys (API and web routes) and password-reset links. */
const SECRET_PATH_SEGMENTS = [
  /(\/users\/activation\/(?:get-state|accept-terms|set-password)\/)[^/?#]+/gi,
  /(\/register\/activate\/)[^/?#]+/gi,
  /(\/password\/reset\/key\/)[^/?#]+/gi,
];

/** The URL with every key and token replaced by '[redacted]', as it may be written to logs. */
export function redactUrl(url: string): string {
  let redacted = url.replace(SECRET_QUERY, `$1${REDACTED}`);
  for (const pattern of SECRET_PATH_SEGMENTS) {
    redacted = redacted.replace(pattern, `$1${REDACTED}`);
  }
  return redacted;
}

/** Fastify's request serializer, with the URL redacted: request logs must not hold keys or tokens. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export type LogDestination = { write(line: string): void };

/** Pino options of the app: level, no Authorization header, no keys in URLs; an optional destination (tests). */
export function buildLoggerOptions(
  level: string,
  stream?: LogDestination,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: ['req.headers.authorization'],
    serializers: { req: serializeRequest },
    ...(stream === undefined ? {} : { stream }),
  };
}
