import { describe, expect, it } from 'vitest';
import { ALERT_RULE_MESSAGES, alertRuleProblems, contactWhenText } from './alert-rule-choices';
import { AlertRuleCreateSchema, AlertRulePatchSchema } from './alert-rules';

const messagesOf = (body: unknown) => {
  const parsed = AlertRuleCreateSchema.safeParse(body);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('e-mail alert rule payloads', () => {
  it("takes the earlier client's text values and fills A section 9's defaults", () => {
    expect(
      AlertRuleCreateSchema.parse({
        delivery_method: 'Email',
        event_type: 'alarm',
        contact_when: '2',
        x: '5',
        devices: ['3', 4],
      }),
    ).toEqual({
      delivery_method: 'Email',
      send_to_alternative: false,
      alternative_contact: null,
      event_type: 'alarm',
      contact_when: 2,
      x: 5,
      all_devices: false,
      number_per_hour: 0,
      devices: [3, 4],
    });
  });

  it('names each missing or wrong field with its message', () => {
    expect(messagesOf({})).toEqual({
      delivery_method: ALERT_RULE_MESSAGES.deliveryMethodRequired,
      event_type: ALERT_RULE_MESSAGES.typeRequired,
      contact_when: ALERT_RULE_MESSAGES.typeRequired,
    });
    expect(
      messagesOf({
        delivery_method: 'Email',
        event_type: 'alarm',
        contact_when: 1,
        x: 0,
        number_per_hour: -2,
        devices: ['x'],
      }),
    ).toEqual({
      contact_when: ALERT_RULE_MESSAGES.contactWhenInvalid,
      x: ALERT_RULE_MESSAGES.xMin,
      number_per_hour: ALERT_RULE_MESSAGES.numberPerHourMin,
      devices: ALERT_RULE_MESSAGES.deviceIdInvalid,
    });
  });

  it('checks the fields together: contact, Smart Notify, waiting and devices', () => {
    expect(
      alertRuleProblems({
        send_to_alternative: true,
        alternative_contact: ' ',
        event_type: 'power_up',
        contact_when: 3,
        number_per_hour: 2,
        all_devices: false,
        devices: [],
      }),
    ).toEqual({
      alternative_contact: [ALERT_RULE_MESSAGES.alternativeContactRequired],
      contact_when: [ALERT_RULE_MESSAGES.lastingOnly],
      number_per_hour: [ALERT_RULE_MESSAGES.smartNotifyOnly],
      devices: [ALERT_RULE_MESSAGES.devicesRequired],
    });
    expect(
      alertRuleProblems({
        send_to_alternative: false,
        alternative_contact: null,
        event_type: 'online_status',
        contact_when: 2,
        number_per_hour: 0,
        all_devices: true,
        devices: [],
      }),
    ).toEqual({});
  });

  it('leaves what a PATCH does not send unset, and puts X into the contact label', () => {
    expect(AlertRulePatchSchema.parse({ x: '7' })).toEqual({ x: 7 });
    expect(contactWhenText(2, 7)).toBe('Notify if the alarm is not cleared after 7 minutes');
    expect(contactWhenText(0, 7)).toBe('As Alert happens');
  });
});
