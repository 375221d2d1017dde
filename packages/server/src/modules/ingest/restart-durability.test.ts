import type { PGlite } from '@electric-sql/pglite';
import { deviceStateTopic } from '@vigil/contracts';
import { drizzle } from 'drizzle-orm/pglite';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectDevice,
  provisionDevice,
  readingsOfDevice,
  reload,
  startTestBroker,
  type TestDevice,
  treeOf,
  waitFor,
  waitForClose,
} from '../../../test/telemetry';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { openTestDatabase } from '../../../test/test-database';
import type { Database, DatabaseHandle } from '../../db/database';

/**
 * The same database seen through a connection that "dies" on crash(): from then on every query of the
 * old instance fails, as if its process had been killed — nothing it still holds in memory (a pending
 * batch, its shutdown flush) reaches the database. Without this, the old instance's graceful close would
 * commit its pending batch and hide a PUBACK sent before the commit.
 */
function crashableView(database: DatabaseHandle): { handle: DatabaseHandle; crash: () => void } {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  let crashed = false;
  const dying = new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') {
        return value;
      }
      return (...args: unknown[]) =>
        crashed ? Promise.reject(new Error('instance crashed')) : value.apply(target, args);
    },
  });
  const db = drizzle({ client: dying }) as unknown as Database;
  return {
    handle: { ...database, db, close: async () => {} },
    crash: () => {
      crashed = true;
    },
  };
}

type Sent = { seq: number; sentAt: Date; acked: boolean };

const UNLIMITED = { DEVICE_MAX_MESSAGES_PER_S: '0' };

// The crash is simulated on PGlite's client (crashableView); on a PostgreSQL run this file is skipped.
const onPostgres = process.env.VIGIL_TEST_DRIVER === 'postgres';

describe.skipIf(onPostgres)(
  'a server restart in the middle of a stream loses no acknowledged message (PGlite)',
  () => {
    let database: DatabaseHandle;
    let watched: TestDevice;

    beforeAll(async () => {
      database = await openTestDatabase();
      watched = await provisionDevice(database.db);
    });
    afterAll(async () => database.close());

    it('every message whose PUBACK arrived before the crash is in the database after the restart', async () => {
      const view = crashableView(database);
      // 500 trees a second is far over a device's budget, whose refusals are acknowledged and dropped; this
      // test is about what an acknowledgement of an accepted message promises, so the budget is off.
      const first: TestApp = await buildTestApp({ database: view.handle, env: UNLIMITED });
      const firstBroker = await startTestBroker(first.app.ingest);
      const device: MqttClient = await connectDevice(firstBroker.url, watched.identity);
      const sent: Sent[] = [];
      let crashed = false;

      // Stream QoS 1 trees without waiting for acknowledgements, as a device with a backlog does.
      const streaming = setInterval(() => {
        if (crashed || !device.connected) {
          return;
        }
        const entry: Sent = { seq: sent.length, sentAt: new Date(), acked: false };
        sent.push(entry);
        device.publish(
          deviceStateTopic(watched.identity.udfId),
          treeOf(watched.identity, entry.seq),
          { qos: 1 },
          (error) => {
            if (!error && !crashed) {
              entry.acked = true;
            }
          },
        );
      }, 2);

      await waitFor(() => sent.filter((entry) => entry.acked).length >= 100);
      // Crash: the old instance's database connection dies first, then its broker and sockets go.
      crashed = true;
      clearInterval(streaming);
      view.crash();
      const acked = sent.filter((entry) => entry.acked);
      const inFlight = sent.length - acked.length;
      await firstBroker.close();
      await waitForClose(device);
      device.end(true);
      await first.app.close().catch(() => {});

      // Mid-stream: some messages were still waiting for their PUBACK when the instance died.
      expect(inFlight).toBeGreaterThan(0);
      const lastAcked = acked.reduce(
        (latest, entry) => (entry.sentAt > latest ? entry.sentAt : latest),
        new Date(0),
      );

      // Restart: a new instance on the same database.
      const second = await buildTestApp({ database, env: UNLIMITED });
      const secondBroker = await startTestBroker(second.app.ingest);
      try {
        const row = await reload(second.db, watched.device);
        expect(row.isOnline).toBe(true);
        expect(row.lastSeenAt?.getTime()).toBeGreaterThanOrEqual(lastAcked.getTime());
        // The readings of the last acknowledged tree are stored (the latest-tree row may lag: latest-states.ts).
        const readings = await readingsOfDevice(second.db, watched.device.id);
        const lastStored = Math.max(...readings.map((reading) => reading.ts.getTime()));
        expect(lastStored).toBeGreaterThanOrEqual(lastAcked.getTime());

        // The device reconnects to the new instance and its stream goes on.
        const again = await connectDevice(secondBroker.url, watched.identity);
        const resumedAt = new Date();
        await again.publishAsync(deviceStateTopic(watched.identity.udfId), treeOf(watched.identity, 9999), {
          qos: 1,
        });
        await again.endAsync();
        const resumed = await reload(second.db, watched.device);
        expect(resumed.lastSeenAt?.getTime()).toBeGreaterThanOrEqual(resumedAt.getTime());
      } finally {
        await secondBroker.close();
        await second.close();
      }
    });
  },
);
