import { hostname } from 'node:os';
import { connect } from 'mqtt';
import type { IngestLog, IngestService } from './ingest.service';
import { RETRY_LATER_REASONS } from './ingest-metrics';

export type ExternalConsumer = {
  /** Resolves once every connection's first subscription is in place. */
  ready: Promise<void>;
  close: () => Promise<void>;
};

export type ExternalConsumerOptions = {
  url: string;
  ingest: IngestService;
  log: IngestLog;
  /** Stable per instance so the broker keeps its sessions (default vigil-ingest-<hostname>; `-<n>` is added). */
  clientId?: string;
  sessionExpirySeconds?: number;
  /** Connections in the shared subscription (MQTT_CONSUMERS, default 8). */
  connections?: number;
  /** The share group every Vigil instance joins (default 'vigil'; tests use their own). */
  shareGroup?: string;
};

/** Shared subscriptions: each message goes to one connection of one Vigil instance of the group. */
export function sharedTopics(group: string): string[] {
  return [`$share/${group}/devices/+/state`, `$share/${group}/devices/+/boot`];
}

const TOPIC = /^devices\/([^/]+)\/(state|boot)$/;

/**
 * Consumes device messages from an external broker (MQTT_URL). Devices authenticate with that broker
 * and its ACL keeps them on their own topics; here each message is ingested (which checks that the
 * topic's udf_id is a known, unsuspended device) and acknowledged only after its write committed.
 * A failed write leaves the message unacknowledged and reconnects, so the persistent session
 * redelivers it. mqtt.js handles one message at a time per connection while its ack is pending, so the
 * instance opens several connections in the share group: their messages wait for the same commits.
 */
export function startExternalConsumer(options: ExternalConsumerOptions): ExternalConsumer {
  const base = options.clientId ?? `vigil-ingest-${hostname()}`;
  const consumers = Array.from({ length: options.connections ?? 8 }, (_, index) =>
    startConsumer(options, `${base}-${index + 1}`),
  );
  return {
    ready: Promise.all(consumers.map((consumer) => consumer.ready)).then(() => undefined),
    close: async () => {
      await Promise.all(consumers.map((consumer) => consumer.close()));
    },
  };
}

function startConsumer(options: ExternalConsumerOptions, clientId: string): ExternalConsumer {
  const { ingest, log } = options;
  const client = connect(options.url, {
    protocolVersion: 5,
    clean: false,
    clientId,
    properties: { sessionExpiryInterval: options.sessionExpirySeconds ?? 3600 },
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
    customHandleAcks: (topic, message, packet, done) => {
      const match = TOPIC.exec(topic);
      if (!match) {
        ingest.reject('?', 'topic_denied', `message on ${topic}`);
        return done(0);
      }
      const udfId = match[1] as string;
      const flags = { flushNow: true, redelivered: packet.dup };
      const handled =
        match[2] === 'state'
          ? ingest.ingestState(udfId, message, flags)
          : ingest.ingestBoot(udfId, message, flags);
      // The ingest never throws; should it, the message is acknowledged and dropped, the consumer keeps going.
      void handled
        .catch((error: unknown) => {
          log.error({ err: error, udfId }, 'mqtt message handling failed');
          return { ok: false, reason: 'internal_error', message: 'handling failed' } as const;
        })
        .then((result) => {
          if (result.ok || !RETRY_LATER_REASONS.includes(result.reason)) {
            return done(0);
          }
          done(new Error(result.message));
          client.stream.destroy();
        })
        .catch((error: unknown) => log.error({ err: error }, 'mqtt message acknowledgement failed'));
    },
  });
  let subscribed: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    subscribed = resolve;
  });
  client.on('connect', () => {
    log.info({ url: options.url, clientId }, 'consuming device messages from the external MQTT broker');
    client.subscribe(sharedTopics(options.shareGroup ?? 'vigil'), { qos: 1 }, (error) => {
      if (error) {
        log.error({ err: error }, 'mqtt subscribe failed');
        return;
      }
      subscribed();
    });
  });
  client.on('error', (error) => log.warn({ detail: error.message }, 'external mqtt broker error'));
  return {
    ready,
    close: async () => {
      await client.endAsync();
    },
  };
}
