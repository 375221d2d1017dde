import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from '../db/database';
import { alertRules } from '../modules/alert-rules/alert-rules.table';
import { findUserByEmail } from '../modules/users/users.repo';
import { seedDemo } from './seed-demo';

describe('the demo data set', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => handle.close());

  it('gives the Northfield manager e-mail alert rules, once, whatever the number of starts', async () => {
    expect(await seedDemo(handle.db)).toEqual({ created: true });
    expect(await seedDemo(handle.db)).toEqual({ created: false });
    const manager = await findUserByEmail(handle.db, 'manager@northfield.demo');
    const rules = await handle.db
      .select()
      .from(alertRules)
      .where(eq(alertRules.userId, manager?.id ?? 0));
    expect(rules.map((rule) => [rule.eventType, rule.contactWhen, rule.allDevices])).toEqual([
      ['alarm', 0, true],
      ['warning', 2, true],
    ]);
  });
});
