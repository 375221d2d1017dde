import { createServer, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { DirectoryDevice } from './device-directory';
import type { IngestLog, IngestService } from './ingest.service';
import { RETRY_LATER_REASONS } from './ingest-metrics';
import { MAX_MESSAGE_BYTES } from './message-parse';
import { limitPacketSize } from './packet-size-limit';

export type EmbeddedBroker = { port: number; close: () => Promise<void> };

export type EmbeddedBrokerOptions = {
  port: number;
  host?: string;
  ingest: IngestService;
  log: IngestLog;
};

const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

function authError(message: string, returnCode: number): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/** `devices/<udf_id>/state|boot` → [udf_id, kind], or undefined for any other topic. */
function parseDeviceTopic(topic: string): [string, 'state' | 'boot'] | undefined {
  const match = /^devices\/([^/]+)\/(state|boot)$/.exec(topic);
  return match ? [match[1] as string, match[2] as 'state' | 'boot'] : undefined;
}

/**
 * The MQTT broker devices connect to when no MQTT_URL is configured (docs/telemetry.md). Devices log in
 * with serial number and code, may publish only their own state and boot topics and subscribe to
 * nothing. A publish is acknowledged (PUBACK) only after the ingest committed it; an invalid message is
 * acknowledged and dropped (resending cannot fix it), while a topic outside the device's own, a
 * suspended device or a failed write closes the connection without PUBACK.
 */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const { ingest, log } = options;
  const sessions = new WeakMap<Client, DirectoryDevice>();
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      ingest.directory
        .authenticate(username ?? '', password?.toString('utf8') ?? '')
        .then((device) => {
          if (device === undefined) {
            return done(authError('unknown serial number or code', BAD_USERNAME_OR_PASSWORD), false);
          }
          if (device.isSuspended) {
            return done(authError('device suspended', NOT_AUTHORIZED), false);
          }
          sessions.set(client, device);
          done(null, true);
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'mqtt authentication failed');
          done(authError('server unavailable', 3), false);
        });
    },
    authorizePublish: (client, packet, callback) => {
      const device = client === null ? undefined : sessions.get(client);
      const target = parseDeviceTopic(packet.topic);
      if (device === undefined || target === undefined || target[0] !== device.udfId) {
        const result = ingest.reject(device?.udfId ?? '?', 'topic_denied', `publish to ${packet.topic}`);
        return callback(new Error(result.ok ? 'denied' : result.message));
      }
      packet.retain = false;
      const [udfId, kind] = target;
      const handled =
        kind === 'state'
          ? ingest.ingestState(udfId, packet.payload, { redelivered: packet.dup })
          : ingest.ingestBoot(udfId, packet.payload, { redelivered: packet.dup });
      void handled.then((result) => {
        if (result.ok || !['suspended', 'unknown_device', ...RETRY_LATER_REASONS].includes(result.reason)) {
          return callback(null);
        }
        callback(new Error(result.message));
      });
    },
    // Devices subscribe to nothing: the SUBACK answers failure (128), the connection stays.
    authorizeSubscribe: (_client, _subscription, callback) => callback(null, null),
  });
  broker.on('clientError', (client, error) => {
    log.warn({ clientId: client.id, detail: error.message }, 'mqtt client error');
  });

  const server: Server = createServer((socket) => {
    broker.handle(
      limitPacketSize(socket, MAX_MESSAGE_BYTES + 1024, () =>
        ingest.reject('?', 'oversize', 'mqtt packet too large'),
      ),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  log.info({ port }, 'embedded MQTT broker listening');

  return {
    port,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
