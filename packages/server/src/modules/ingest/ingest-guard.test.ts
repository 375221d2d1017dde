import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionDevice, treeOf } from '../../../test/telemetry';
import { openTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle } from '../../db/database';
import { InProcessBus } from '../../realtime/bus';
import { DeviceDirectory } from './device-directory';
import { IngestService } from './ingest.service';
import { createIngestMetrics } from './ingest-metrics';

describe('ingest guard', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  it('turns an unexpected error into an internal_error refusal, logged without the payload', async () => {
    const metrics = createIngestMetrics(undefined);
    const errors: object[] = [];
    const log = { info: () => {}, warn: () => {}, error: (object: object) => errors.push(object) };
    const bus = new InProcessBus();
    const publish = bus.publish.bind(bus);
    let isBroken = true;
    bus.publish = (room, event) => {
      if (isBroken) {
        throw new Error('bus broke');
      }
      publish(room, event);
    };
    const ingest = new IngestService({
      db: database.db,
      directory: new DeviceDirectory(database.db),
      bus,
      metrics,
      log,
      offlineAfterSeconds: 3600,
    });
    try {
      const { identity } = await provisionDevice(database.db);
      const tree = treeOf(identity);
      expect(await ingest.ingestState(identity.udfId, tree, { flushNow: true })).toEqual({
        ok: false,
        reason: 'internal_error',
        message: 'the server could not handle this message',
      });
      expect((await metrics.rejected.get()).values).toContainEqual(
        expect.objectContaining({ labels: { reason: 'internal_error' }, value: 1 }),
      );
      expect(errors).toHaveLength(1);
      expect(JSON.stringify(errors)).not.toContain(identity.serialNumber);
      expect(JSON.stringify(errors)).not.toContain('"sensors"');
      isBroken = false;
      expect(await ingest.ingestState(identity.udfId, tree, { flushNow: true })).toEqual({ ok: true });
    } finally {
      await ingest.stop();
    }
  });
});
