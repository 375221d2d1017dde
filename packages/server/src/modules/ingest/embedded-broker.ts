import { createServer, type Server } from 'node:net';
import { deviceClientId } from '@vigil/contracts';
import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import { LimitStore } from '../../limits/limit-store';
import { CredentialGuard } from './credential-guard';
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
  /** The app's guard (shared through Redis); without one the broker counts failures in its own memory. */
  guard?: CredentialGuard;
  log: IngestLog;
};

const IDENTIFIER_REJECTED = 2;
const SERVER_UNAVAILABLE = 3;
const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

function authError(message: string, returnCode: number): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/** The client's network address (credential guessing is counted per address). */
function addressOf(client: Client): string {
  return (client.conn as { remoteAddress?: string } | undefined)?.remoteAddress ?? 'unknown';
}

/** Refusals after which the device keeps the message (no PUBACK, the connection closes) and sends it again. */
const KEEP_MESSAGE_REASONS = ['suspended', 'unknown_device', ...RETRY_LATER_REASONS];

/** `devices/<udf_id>/state|boot` → [udf_id, kind], or undefined for any other topic. */
function parseDeviceTopic(topic: string): [string, 'state' | 'boot'] | undefined {
  const match = /^devices\/([^/]+)\/(state|boot)$/.exec(topic);
  return match ? [match[1] as string, match[2] as 'state' | 'boot'] : undefined;
}

/**
 * The MQTT broker devices connect to when no MQTT_URL is configured (docs/telemetry.md). Devices log in
 * with serial number and code, may publish only their own state and boot topics and subscribe to
 * nothing, and connect with the client id `vigil-<udf_id>` of their own unit (identifier rejected otherwise).
 * A publish is acknowledged (PUBACK) only after the ingest committed it; an invalid or over-budget message
 * is acknowledged and dropped (resending cannot fix it, and an unacknowledged flood would be redelivered),
 * while a topic outside the device's own, a suspended device or a failed write closes the connection
 * without PUBACK.
 */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const { ingest, log } = options;
  const guard = options.guard ?? new CredentialGuard(LimitStore.open({ redisUrl: undefined, prefix: '' }));
  const sessions = new WeakMap<Client, DirectoryDevice>();
  /** Ingests a publish; an invalid, over-budget or unexpected failing message is acknowledged and dropped. */
  const handlePublish = async (
    udfId: string,
    kind: 'state' | 'boot',
    packet: PublishPacket,
  ): Promise<Error | null> => {
    const flags = { redelivered: packet.dup };
    const result =
      kind === 'state'
        ? await ingest.ingestState(udfId, packet.payload, flags)
        : await ingest.ingestBoot(udfId, packet.payload, flags);
    return result.ok || !KEEP_MESSAGE_REASONS.includes(result.reason) ? null : new Error(result.message);
  };
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      guard
        .authenticate(ingest.directory, username ?? '', password?.toString('utf8') ?? '', addressOf(client))
        .then((login) => {
          if (login.outcome === 'throttled') {
            // MQTT 3.1.1 has no 'rate exceeded': 'server unavailable' makes a device back off and retry later.
            return done(authError('too many wrong codes', SERVER_UNAVAILABLE), false);
          }
          if (login.outcome === 'wrong') {
            return done(authError('unknown serial number or code', BAD_USERNAME_OR_PASSWORD), false);
          }
          const { device } = login;
          if (device.isSuspended) {
            return done(authError('device suspended', NOT_AUTHORIZED), false);
          }
          // A device's own credentials with another's client id would take over (disconnect) that device.
          if (client.id !== deviceClientId(device.udfId)) {
            log.warn({ udfId: device.udfId, clientId: client.id }, 'mqtt client id refused');
            return done(
              authError(`client id must be ${deviceClientId(device.udfId)}`, IDENTIFIER_REJECTED),
              false,
            );
          }
          sessions.set(client, device);
          done(null, true);
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'mqtt authentication failed');
          done(authError('server unavailable', SERVER_UNAVAILABLE), false);
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
      // The ingest never throws; should it, the message is dropped and the broker keeps running.
      void handlePublish(target[0], target[1], packet)
        .catch((error: unknown) => {
          log.error({ err: error, udfId: target[0] }, 'mqtt publish handling failed');
          return null;
        })
        .then(callback)
        .catch((error: unknown) => log.error({ err: error }, 'mqtt publish acknowledgement failed'));
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
