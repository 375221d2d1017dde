import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ESCALATION_PUBLIC_URL,
  escalatingDevice,
  escalationEngineAt,
  MINUTE,
} from '../../../test/fixtures/escalation';
import { requireService } from '../../../test/services';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { type DatabaseHandle, openDatabase } from '../../db/database';

// Two server instances on one PostgreSQL, each with its own pool (test/services.ts: skipped without
// TEST_DATABASE_URL, a failure under CI=true).
const serverUrl = await requireService('postgres');

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.skipIf(serverUrl === undefined)('escalation with two instances on one PostgreSQL', () => {
  const name = `vigil_escalation_${process.pid}_${randomBytes(4).toString('hex')}`;
  let handles: DatabaseHandle[] = [];
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${name}`;
    handles = [
      await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 }),
      await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 }),
    ];
    await handles[0]?.migrate();
    const env = { PUBLIC_URL: ESCALATION_PUBLIC_URL };
    first = await buildTestApp({ database: handles[0], env });
    second = await buildTestApp({ database: handles[1], env });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    for (const handle of handles) {
      await handle.close();
    }
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('fires each level exactly once while engines of both instances race, and a restart in between changes nothing', async () => {
    const d = await escalatingDevice(first.app, first.db);
    await d.step('alarm');
    for (const offset of [0, 10 * MINUTE + 1000, 31 * MINUTE, 31 * MINUTE]) {
      // Fresh engines each round: every round is a restart of both instances.
      await Promise.all(
        [first.db, second.db, first.db, second.db].map((db) => escalationEngineAt(db, offset).drain()),
      );
    }
    expect((await d.mails()).map((mail) => [mail.level, mail.toAddress])).toEqual([
      [1, d.manager.user.email],
      [1, d.night],
      [2, d.supervisor],
      [2, d.night],
      [3, d.director],
    ]);
  });

  it('an acknowledgement racing the next level: the level is either mailed before it, or stopped by it', async () => {
    const d = await escalatingDevice(first.app, first.db);
    await d.step('alarm');
    await escalationEngineAt(second.db, 0).drain();
    const id = await d.alarmId();
    const [ack] = await Promise.all([
      second.app.inject({
        method: 'POST',
        url: `/api/v1/notifications/${id}/acknowledge/`,
        headers: { authorization: d.manager.authorization },
        payload: {},
      }),
      escalationEngineAt(first.db, 11 * MINUTE).drain(),
      escalationEngineAt(second.db, 11 * MINUTE).drain(),
    ]);
    expect(ack?.statusCode).toBe(200);
    await escalationEngineAt(first.db, 40 * MINUTE).drain();
    const steps = await d.steps();
    const level2 = steps.find((step) => step.level === 2);
    const mailedLevel2 = (await d.mails()).filter((mail) => mail.level === 2);
    if (level2?.state === 'sent') {
      expect(mailedLevel2).toHaveLength(2);
      expect(steps.find((step) => step.level === 3)?.reason).toBe('acknowledged');
    } else {
      expect(level2?.reason).toBe('acknowledged');
      expect(mailedLevel2).toEqual([]);
    }
    expect((await d.mails()).filter((mail) => mail.level === 3)).toEqual([]);
  });
});
