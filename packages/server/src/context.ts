import { hkdfSync } from 'node:crypto';
import type { Authenticator } from './access/authentication';
import type { Config } from './config';
import type { Database } from './db/database';
import type { DomainEvents } from './events/domain-events';
import type { LimitStore } from './limits/limit-store';
import type { Mailer } from './mail/mailer';
import type { RealtimeBus } from './realtime/bus';

/** What every route module receives: configuration, database and the shared services. */
export type AppContext = {
  config: Config;
  db: Database;
  /** A raw token to its signed-in user (sockets and routes that read the token themselves). */
  authenticator: Authenticator;
  /** Rooms (device trees, site notifications) and control events (sessions revoked, access changed) on every instance. */
  bus: RealtimeBus;
  mailer: Mailer;
  /** In-process domain events: how one domain has another write that domain's rows (events/domain-events.ts). */
  events: DomainEvents;
  /** Counters of the limits on people and devices (in Redis when instances share one). */
  limits: LimitStore;
  secrets: {
    jwtSecret: string;
    /** 32-byte key for encrypting secrets at rest (TOTP seeds), derived from the JWT secret. */
    encryptionKey: Buffer;
    /** 32-byte key for HMACs (captcha challenges), derived from the JWT secret. */
    hmacKey: Buffer;
  };
};

/** Separate keys per purpose from one secret (HKDF-SHA256), so one never doubles as another. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'vigil', purpose, 32));
}
