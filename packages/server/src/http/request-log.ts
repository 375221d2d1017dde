import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';

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

/**
 * How HTTP requests are logged: `each` (Fastify's two lines per request at info, for a log collector) or
 * `summary` (each request at debug, one info line a minute with counts by status class; 5xx and failed
 * requests still at error), so a terminal watching `npm start` is not filled by the web app's own calls.
 */
export type RequestLogMode = 'each' | 'summary';

/** How often the summary line is written. */
export const REQUEST_SUMMARY_EVERY_MS = 60_000;

type StatusClass = '1xx' | '2xx' | '3xx' | '4xx' | '5xx';
type SummaryLog = { info(object: object, message: string): void };

function statusClassOf(statusCode: number): StatusClass {
  const hundreds = Math.min(5, Math.max(1, Math.floor(statusCode / 100)));
  return `${hundreds}xx` as StatusClass;
}

/** Fastify's request log lines moved to debug (failures kept at error), with the requests counted for a summary. */
export class SummarisingLogController extends LogController {
  private counts = new Map<StatusClass, number>();
  private timer: NodeJS.Timeout | undefined;

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    _request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const statusClass = statusClassOf(reply.statusCode);
    this.counts.set(statusClass, (this.counts.get(statusClass) ?? 0) + 1);
    const fields = { res: reply, responseTime: reply.elapsedTime };
    if (error) {
      reply.log.error({ ...fields, err: error }, 'request errored');
    } else if (reply.statusCode >= 500) {
      reply.log.error(fields, 'request completed');
    } else {
      reply.log.debug(fields, 'request completed');
    }
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug(`Route ${request.method}:${redactUrl(request.url)} not found`);
  }

  /** Writes the counts since the last summary as one line, if there were requests, and starts counting anew. */
  flush(log: SummaryLog, periodSeconds: number): void {
    const total = [...this.counts.values()].reduce((sum, count) => sum + count, 0);
    if (total === 0) {
      return;
    }
    const byStatus = Object.fromEntries([...this.counts.entries()].sort(([a], [b]) => a.localeCompare(b)));
    this.counts = new Map();
    log.info({ requests: total, byStatus, periodSeconds }, `HTTP requests in the last ${periodSeconds} s`);
  }

  /** Writes a summary every `everyMs`; the returned function stops it and writes the last one. */
  startSummaries(log: SummaryLog, everyMs = REQUEST_SUMMARY_EVERY_MS): () => void {
    const started = { at: Date.now() };
    const flushSince = () => {
      const now = Date.now();
      this.flush(log, Math.max(1, Math.round((now - started.at) / 1000)));
      started.at = now;
    };
    this.timer = setInterval(flushSince, everyMs);
    this.timer.unref();
    return () => {
      clearInterval(this.timer);
      flushSince();
    };
  }
}

export type RequestLog = {
  /** Fastify options of the mode (spread into the server's options). */
  options: Pick<FastifyServerOptions, 'logController'>;
  /** Starts the minute summaries (summary mode); the app's close writes the last one. */
  start(app: FastifyInstance): void;
};

/** The request logging of `mode` (RequestLogMode). */
export function createRequestLog(mode: RequestLogMode): RequestLog {
  if (mode === 'each') {
    return { options: {}, start: () => undefined };
  }
  const controller = new SummarisingLogController();
  return {
    options: { logController: controller },
    start: (app) => {
      const stop = controller.startSummaries(app.log);
      app.addHook('onClose', async () => stop());
    },
  };
}
