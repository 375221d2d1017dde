import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildDevice, buildSite, buildUser } from '../../../test/factories';
import { openTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle } from '../../db/database';
import { updateUser } from '../users/users.repo';
import { type AlertRuleValues, findRulesFor, insertRule } from './alert-rules.repo';

const BASE: AlertRuleValues = {
  deliveryMethod: 'Email',
  sendToAlternative: false,
  alternativeContact: null,
  eventType: 'alarm',
  contactWhen: 0,
  periodical: false,
  x: 1,
  allDevices: false,
  numberPerHour: 0,
};

describe('findRulesFor (the e-mail engine reads the rules through it)', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => handle.close());

  it('answers the rules of the event type that list the device or cover all devices, with their owner', async () => {
    const { db } = handle;
    const site = await buildSite(db, await buildClient(db));
    const [kiln, belt] = [await buildDevice(db, site), await buildDevice(db, site)];
    const ada = await buildUser(db);
    const bo = await buildUser(db);
    const listed = await insertRule(db, ada.id, { ...BASE, contactWhen: 2, x: 5, numberPerHour: 3 }, [
      kiln.id,
    ]);
    const everywhere = await insertRule(
      db,
      bo.id,
      { ...BASE, allDevices: true, sendToAlternative: true, alternativeContact: 'night@example.test' },
      [],
    );
    await insertRule(db, ada.id, BASE, [belt.id]);
    await insertRule(db, ada.id, { ...BASE, eventType: 'warning' }, [kiln.id]);
    await updateUser(db, bo.id, { isActive: false });

    const rules = await findRulesFor(db, { eventType: 'alarm', deviceId: kiln.id, locationId: site.id });
    expect(rules).toEqual([
      {
        ruleId: listed.id,
        userId: ada.id,
        userEmail: ada.email,
        userIsActive: true,
        eventType: 'alarm',
        sendToAlternative: false,
        alternativeContact: null,
        contactWhen: 2,
        periodical: false,
        x: 5,
        numberPerHour: 3,
        allDevices: false,
      },
      {
        ruleId: everywhere.id,
        userId: bo.id,
        userEmail: bo.email,
        userIsActive: false,
        eventType: 'alarm',
        sendToAlternative: true,
        alternativeContact: 'night@example.test',
        contactWhen: 0,
        periodical: false,
        x: 1,
        numberPerHour: 0,
        allDevices: true,
      },
    ]);
    expect(
      await findRulesFor(db, { eventType: 'maintenance', deviceId: kiln.id, locationId: site.id }),
    ).toEqual([]);
  });

  it('for an event of a site without a device, answers all-device rules and lists naming a device there', async () => {
    const { db } = handle;
    const client = await buildClient(db);
    const [here, there] = [await buildSite(db, client), await buildSite(db, client)];
    const [near, far] = [await buildDevice(db, here), await buildDevice(db, there)];
    const person = await buildUser(db);
    const values = { ...BASE, eventType: 'site_administration' as const };
    const nearRule = await insertRule(db, person.id, values, [near.id]);
    await insertRule(db, person.id, values, [far.id]);
    const allRule = await insertRule(db, person.id, { ...values, allDevices: true }, []);
    const rules = await findRulesFor(db, {
      eventType: 'site_administration',
      deviceId: null,
      locationId: here.id,
    });
    expect(rules.map((rule) => rule.ruleId)).toEqual([nearRule.id, allRule.id]);
  });
});
