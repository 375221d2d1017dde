import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle } from '../../db/database';
import { auditRecords } from '../../db/tables/audit.table';
import { pruneAuditRecords } from './audit-retention';

describe('audit trail retention', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => handle.close());

  it('removes the records older than HISTORY_RETENTION_DAYS and keeps the rest', async () => {
    const { db } = handle;
    const now = new Date('2026-11-28T12:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const record = (at: Date, label: string) => ({
      at,
      personId: 1,
      personName: 'Ann',
      personEmail: 'ann@example.test',
      kind: 'site.changed' as const,
      subjectType: 'site',
      subjectId: '1',
      subjectLabel: label,
    });
    await db
      .insert(auditRecords)
      .values([record(daysAgo(401), 'old'), record(daysAgo(399), 'kept'), record(daysAgo(1), 'recent')]);
    expect(await pruneAuditRecords(db, 400, now)).toBe(1);
    const left = await db.select({ label: auditRecords.subjectLabel }).from(auditRecords);
    expect(left.map((row) => row.label).sort()).toEqual(['kept', 'recent']);
    expect(await pruneAuditRecords(db, 400, now)).toBe(0);
  });
});
