import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { StateTree } from '@vigil/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionDevice, treeOf } from '../../../test/telemetry';
import { openTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle } from '../../db/database';
import { MIGRATIONS_FOLDER } from '../../db/database';
import { deviceState } from '../../db/tables/device-state.table';
import { stateRecords } from '../../db/tables/state-records.table';

/** The statements of migration 0013, as the migrator runs them. */
async function scrubStatements(): Promise<string[]> {
  const text = await readFile(path.join(MIGRATIONS_FOLDER, '0014_device_access_code_scrub.sql'), 'utf8');
  return text.split('--> statement-breakpoint').map((statement) => statement.trim());
}

describe('migration 0013: trees stored before the access code was blanked', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  it('blanks device.accessCode in every snapshot and latest tree, and leaves the rest as it was', async () => {
    const { db } = database;
    const { device, identity } = await provisionDevice(db);
    const withCode = JSON.parse(treeOf(identity)) as StateTree;
    expect(withCode.device.accessCode).toBe(identity.code);
    const withoutCode = { ...withCode, device: { ...withCode.device, accessCode: null } };
    const ts = new Date('2026-11-20T10:00:00Z');
    await db.insert(stateRecords).values([
      { deviceId: device.id, ts, status: withCode.Status, tree: withCode },
      { deviceId: device.id, ts, status: withCode.Status, tree: withoutCode },
    ]);
    await db.insert(deviceState).values({ deviceId: device.id, tree: withCode, receivedAt: ts });

    for (const statement of await scrubStatements()) {
      await db.execute(sql.raw(statement));
    }

    const records = await db.select().from(stateRecords).where(eq(stateRecords.deviceId, device.id));
    expect(records.map((record) => record.tree.device.accessCode).sort()).toEqual(['', null]);
    expect(records.find((record) => record.tree.device.accessCode === '')?.tree).toEqual({
      ...withCode,
      device: { ...withCode.device, accessCode: '' },
    });
    const [latest] = await db.select().from(deviceState).where(eq(deviceState.deviceId, device.id));
    expect(latest?.tree.device.accessCode).toBe('');
    expect(JSON.stringify(latest?.tree)).not.toContain(identity.code);
  });
});
