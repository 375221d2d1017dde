import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { AppContext } from '../../context';
import { closeSocketsForRestart } from '../../realtime/restart-close';
import { startRetentionJob } from '../telemetry/retention';
import { type RollupJob, startRollupJob } from '../telemetry/rollups';
import { CredentialGuard } from './credential-guard';
import { DeviceDirectory } from './device-directory';
import { deviceFeedRoutes } from './device-feed.routes';
import { ingestRoutes } from './ingest.routes';
import { IngestService } from './ingest.service';
import { createIngestMetrics } from './ingest-metrics';
import { createMessageBudget } from './message-budget';

declare module 'fastify' {
  interface FastifyInstance {
    /** The telemetry pipeline; main.ts hands it to the MQTT broker or the external consumer. */
    ingest: IngestService;
    /** Throttles device-credential guessing; main.ts hands it to the embedded broker too. */
    credentialGuard: CredentialGuard;
    /** The roll-up job ticking on real time: a test of stored history at chosen times stops it first. */
    rollupJob: RollupJob;
  }
}

/** Telemetry: ingest service, HTTP ingest route and the live-feed WebSocket (docs/telemetry.md). */
export async function registerIngest(app: FastifyInstance, ctx: AppContext, registry: Registry) {
  const directory = new DeviceDirectory(ctx.db);
  // With REDIS_URL every instance's sockets see trees ingested by any instance (realtime/redis-bus.ts).
  const { bus } = ctx;
  // Registered before the live feed's listener: a socket's re-check then reads the device afresh.
  const stopDirectory = bus.onControl((event) => directory.handleControl(event));
  const metrics = createIngestMetrics(registry);
  const ingest = new IngestService({
    db: ctx.db,
    directory,
    bus,
    metrics,
    log: app.log,
    offlineAfterSeconds: ctx.config.deviceOfflineAfterSeconds,
    // PGlite is one connection: one lane.
    writerLanes: ctx.config.databaseUrl === undefined ? 1 : ctx.config.ingestWriterLanes,
    budget: createMessageBudget(ctx.config.deviceMaxMessagesPerSecond),
  });
  await ingest.loadLatest();
  app.decorate('ingest', ingest);
  const retention = await startRetentionJob(
    ctx.db,
    { readings: ctx.config.telemetryRetentionDays, history: ctx.config.historyRetentionDays },
    app.log,
  );
  const rollups = startRollupJob(ctx.db, app.log, registry);
  app.decorate('rollupJob', rollups);
  app.addHook('onClose', async () => {
    retention.stop();
    await rollups.stop();
    await ingest.stop();
    stopDirectory();
  });

  await app.register(websocket, { options: { maxPayload: 64 * 1024 }, preClose: closeSocketsForRestart });
  const guard = new CredentialGuard(ctx.limits, metrics);
  app.decorate('credentialGuard', guard);
  await app.register(ingestRoutes, { ingest, guard });
  const liveSockets = ctx.limits.liveSockets;
  await app.register(deviceFeedRoutes, {
    db: ctx.db,
    authenticator: ctx.authenticator,
    directory,
    ingest,
    bus,
    liveSockets,
  });
}
