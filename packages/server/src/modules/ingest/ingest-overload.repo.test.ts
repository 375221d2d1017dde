import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionDevice, silentLog, treeOf } from '../../../test/telemetry';
import { openTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle } from '../../db/database';
import { InProcessBus } from '../../realtime/bus';
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
      // Two trees at once: whichever reaches the buffer first waits for a flush, the other is refused at once.
      const both = [
        ingest.ingestState(identity.udfId, treeOf(identity, 1)),
        ingest.ingestState(identity.udfId, treeOf(identity, 2)),
      ];
      expect(await Promise.race(both)).toMatchObject({ ok: false, reason: 'overloaded' });
      expect((await metrics.rejected.get()).values).toContainEqual(
        expect.objectContaining({ labels: { reason: 'overloaded' }, value: 1 }),
      );
      // Refused too (the buffer still holds the waiting tree), but its flush commits that tree: then there is room.
      const third = await ingest.ingestState(identity.udfId, treeOf(identity, 3), { flushNow: true });
      expect(third).toMatchObject({ ok: false, reason: 'overloaded' });
      const results = await Promise.all(both);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(await ingest.ingestState(identity.udfId, treeOf(identity, 4), { flushNow: true })).toEqual({
        ok: true,
      });
    } finally {
      await ingest.stop();
    }
  });
});
