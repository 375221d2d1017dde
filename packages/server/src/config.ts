import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { RequestLogMode } from './http/request-log';
import { type TrustProxy, TrustProxySchema } from './http/trust-proxy';
import { SERVER_PACKAGE_ROOT } from './paths/package-root';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const port = z.coerce.number().int().min(0).max(65535);

const EnvSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  PGLITE_THREAD: z.enum(['worker', 'main']).default('worker'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  REDIS_CHANNEL_PREFIX: z.string().min(1).max(64).default('vigil:'),
  MQTT_URL: z.url({ protocol: /^(mqtts?|wss?|tcp)$/ }).optional(),
  MQTT_PORT: port.default(1883),
  MQTT_CONSUMERS: z.coerce.number().int().min(1).max(64).default(8),
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,60}$/, 'letters, digits, dot, dash and underscore, at most 60')
    .default('vigil'),
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,60}$/, 'letters, digits, dot, dash and underscore, at most 60')
    .optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Vigil <no-reply@vigil.local>'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  ACTIVATION_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  PASSWORD_RESET_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(24),
  SUPPORT_EMAIL: z.email().optional(),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  DEMO: booleanFlag.optional(),
  DEVICE_OFFLINE_AFTER_S: z.coerce.number().int().min(5).default(60),
  DEVICE_MAX_MESSAGES_PER_S: z.coerce.number().min(0).max(10_000).default(10),
  INGEST_WRITER_LANES: z.coerce.number().int().min(1).max(32).default(4),
  TELEMETRY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(35),
  HISTORY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
  // Seconds; short values are for tests and demonstrations (the spec's 540 is the default).
  MAINTENANCE_TIMEOUT_S: z.coerce.number().int().min(1).default(540),
  // Alert e-mail grouping (docs/alert-rules.md 'Grouping'), as Alertmanager's group_wait and group_interval.
  ALERT_GROUP_WAIT_S: z.coerce.number().int().min(0).max(3600).default(30),
  ALERT_GROUP_INTERVAL_S: z.coerce.number().int().min(0).max(86_400).default(300),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REQUEST_LOG: z.enum(['each', 'summary']).optional(),
  DEMO_CONTROL_PORT: port.default(8090),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: TrustProxySchema.optional(),
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
});

export type Env = z.input<typeof EnvSchema>;

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where the embedded database runs: a worker thread, or (escape hatch) the server's own thread. */
  pgliteThread: 'worker' | 'main';
  redisUrl: string | undefined;
  /** Prefix of the live-feed pub/sub channels (`<prefix>device:<udf_id>`). */
  redisChannelPrefix: string;
  mqttUrl: string | undefined;
  /** Connections of this instance in the shared subscription of MQTT_URL (each handles one message at a time). */
  mqttConsumers: number;
  mqttPort: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  jwtSecret: string | undefined;
  sessionTtlSeconds: number;
  activationTtlSeconds: number;
  passwordResetTtlSeconds: number;
  /** Where feedback is e-mailed when the OEM settings name no support e-mail. */
  supportEmail: string | undefined;
  recaptchaSecret: string | undefined;
  demo: boolean;
  deviceOfflineAfterSeconds: number;
  /** Messages per second each device may send (twice that at once); 0: no limit. */
  deviceMaxMessagesPerSecond: number;
  /** Ingest writers committing in parallel on PostgreSQL (ingest/writer-lanes.ts); PGlite always has one. */
  ingestWriterLanes: number;
  /** Days raw sensor readings are kept (daily retention job). */
  telemetryRetentionDays: number;
  /** Days sensor roll-ups (1-minute and 1-hour graph points) are kept (daily retention job). */
  historyRetentionDays: number;
  maintenanceTimeoutSeconds: number;
  /** Seconds a new alert e-mail group collects alerts of a site before its one e-mail goes. */
  alertGroupWaitSeconds: number;
  /** Seconds at least between two alert e-mails of one group (recipient and site). */
  alertGroupIntervalSeconds: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** One log line per HTTP request, or a summary a minute (http/request-log.ts). */
  requestLog: RequestLogMode;
  /** Port of the demo simulator's control API on 127.0.0.1 (a free one when taken). */
  demoControlPort: number;
  webDistDir: string;
  /** With MQTT_URL: the shared subscription's group, the same on every instance of one deployment. */
  mqttShareGroup: string;
  /** With MQTT_URL: the base of this instance's consumer client ids (`-<n>` added per connection). */
  mqttClientId: string;
  /** Peers trusted to set X-Forwarded-For (Fastify's trustProxy); false trusts none. */
  trustProxy: TrustProxy;
  /** Bearer token Prometheus sends to /metrics; unset: /metrics answers 404. */
  metricsToken: string | undefined;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
  }
}

const defaultWebDist = path.resolve(SERVER_PACKAGE_ROOT, '../web/dist');

/**
 * Parses the environment once; throws ConfigError naming every bad variable. `isTerminal`: a person reads the
 * server's output (main.ts passes whether stdout is a TTY).
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  { isTerminal = false }: { isTerminal?: boolean } = {},
): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  // Demo data is on by default only with the embedded database: never seed a real server by surprise.
  const demo = e.DEMO ?? e.DATABASE_URL === undefined;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    pgliteThread: e.PGLITE_THREAD,
    redisUrl: e.REDIS_URL,
    redisChannelPrefix: e.REDIS_CHANNEL_PREFIX,
    mqttUrl: e.MQTT_URL,
    mqttConsumers: e.MQTT_CONSUMERS,
    // Stable across this instance's restarts (the broker keeps its sessions) and apart from another instance's
    // on the same machine (same host name, another port): a shared client id would throw each other off.
    mqttShareGroup: e.MQTT_SHARE_GROUP,
    mqttClientId: e.MQTT_CLIENT_ID ?? `vigil-ingest-${hostname()}-${e.PORT}`,
    mqttPort: e.MQTT_PORT,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: withTrailingSlash(e.PUBLIC_URL ?? `http://localhost:${e.PORT}/`),
    jwtSecret: e.JWT_SECRET,
    sessionTtlSeconds: e.SESSION_TTL_HOURS * 3600,
    activationTtlSeconds: e.ACTIVATION_TTL_DAYS * 86_400,
    passwordResetTtlSeconds: e.PASSWORD_RESET_TTL_HOURS * 3600,
    supportEmail: e.SUPPORT_EMAIL,
    recaptchaSecret: e.RECAPTCHA_SECRET,
    demo,
    deviceOfflineAfterSeconds: e.DEVICE_OFFLINE_AFTER_S,
    deviceMaxMessagesPerSecond: e.DEVICE_MAX_MESSAGES_PER_S,
    ingestWriterLanes: e.INGEST_WRITER_LANES,
    telemetryRetentionDays: e.TELEMETRY_RETENTION_DAYS,
    historyRetentionDays: e.HISTORY_RETENTION_DAYS,
    maintenanceTimeoutSeconds: e.MAINTENANCE_TIMEOUT_S,
    alertGroupWaitSeconds: e.ALERT_GROUP_WAIT_S,
    alertGroupIntervalSeconds: e.ALERT_GROUP_INTERVAL_S,
    logLevel: e.LOG_LEVEL,
    // A person at a terminal (or trying the demo) wants a line a minute; a log collector wants every request.
    requestLog: e.REQUEST_LOG ?? (demo || isTerminal ? 'summary' : 'each'),
    demoControlPort: e.DEMO_CONTROL_PORT,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? defaultWebDist),
    trustProxy: e.TRUST_PROXY ?? false,
    metricsToken: e.METRICS_TOKEN,
  };
}

function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
