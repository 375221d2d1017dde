import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionDevice, silentLog, treeOf } from '../../test/telemetry';
import { openTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from '../db/database';
import { InProcessBus } from '../realtime/bus';
import { DeviceDirectory } from './device-directory';
import { IngestService } from './ingest.service';
import { createIngestMetrics } from './ingest-metrics';

describe('ingest back-pressure', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  it('refuses a message as overloaded while the write buffer is full, and stores the next one', async () => {
    const metrics = createIngestMetrics(undefined);
    const ingest = new IngestService({
      db: database.db,
      directory: new DeviceDirectory(database.db),
      bus: new InProcessBus(),
      metrics,
      log: silentLog,
      offlineAfterSeconds: 3600,
      // No timer flush during the test, and room for one tree only.
      flushMs: 3_600_000,
      maxPendingPoints: 1,
    });
    try {
      const { identity } = await provisionDevice(database.db);
      const first = ingest.ingestState(identity.udfId, treeOf(identity, 1), { flushNow: false });
      const second = await ingest.ingestState(identity.udfId, treeOf(identity, 2));
      expect(second).toMatchObject({ ok: false, reason: 'overloaded' });
      expect((await metrics.rejected.get()).values).toContainEqual(
        expect.objectContaining({ labels: { reason: 'overloaded' }, value: 1 }),
      );
      const third = ingest.ingestState(identity.udfId, treeOf(identity, 3), { flushNow: true });
      // Refused too (the buffer still holds the first tree), but its flush commits the first: then there is room.
      expect(await first).toEqual({ ok: true });
      expect(await third).toMatchObject({ ok: false, reason: 'overloaded' });
      expect(await ingest.ingestState(identity.udfId, treeOf(identity, 4), { flushNow: true })).toEqual({
        ok: true,
      });
    } finally {
      await ingest.stop();
    }
  });
});
