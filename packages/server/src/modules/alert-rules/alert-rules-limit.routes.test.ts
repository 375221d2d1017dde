import { ALERT_RULE_MAX_PER_PERSON, ALERT_RULE_MESSAGES, type AlertRule } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alarmRule,
  callRules,
  listRules,
  personWithDevice,
  RULES_URL,
} from '../../../test/fixtures/alert-rules';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { insertRule } from './alert-rules.repo';

/** A person keeps at most 50 e-mail rules: each may write to any address (issue 23). */
describe('the number of e-mail rules a person keeps', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const values = {
    deliveryMethod: 'Email',
    sendToAlternative: true,
    alternativeContact: 'outside@example.com',
    eventType: 'alarm',
    contactWhen: 0,
    x: 1,
    allDevices: true,
    numberPerHour: 0,
  } as const;

  it('adds rules up to 50, refuses the 51st with a clear message and stores nothing', async () => {
    const p = await personWithDevice(t.app, t.db);
    for (let index = 0; index < ALERT_RULE_MAX_PER_PERSON - 1; index += 1) {
      await insertRule(t.db, p.user.id, values, []);
    }
    const fiftieth = await callRules(t.app, p.authorization, 'POST', RULES_URL, alarmRule(p.device.id));
    expect(fiftieth.statusCode).toBe(201);

    const refused = await callRules(t.app, p.authorization, 'POST', RULES_URL, alarmRule(p.device.id));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: [ALERT_RULE_MESSAGES.tooManyRules] });
    expect((await listRules(t.app, p.authorization)).count).toBe(ALERT_RULE_MAX_PER_PERSON);

    // Another person's rules are their own: they still add theirs.
    const other = await personWithDevice(t.app, t.db);
    const theirs = await callRules(t.app, other.authorization, 'POST', RULES_URL, alarmRule(other.device.id));
    expect(theirs.statusCode).toBe(201);

    // A rule removed frees its place.
    const removed = await callRules(
      t.app,
      p.authorization,
      'DELETE',
      `${RULES_URL}${fiftieth.json<AlertRule>().id}/`,
    );
    expect(removed.statusCode).toBe(204);
    const again = await callRules(t.app, p.authorization, 'POST', RULES_URL, alarmRule(p.device.id));
    expect(again.statusCode).toBe(201);
  });

  it('lets two saves at once take only the last place', async () => {
    const p = await personWithDevice(t.app, t.db);
    for (let index = 0; index < ALERT_RULE_MAX_PER_PERSON - 1; index += 1) {
      await insertRule(t.db, p.user.id, values, []);
    }
    const answers = await Promise.all(
      [1, 2].map(() => callRules(t.app, p.authorization, 'POST', RULES_URL, alarmRule(p.device.id))),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    expect((await listRules(t.app, p.authorization)).count).toBe(ALERT_RULE_MAX_PER_PERSON);
  });
});
