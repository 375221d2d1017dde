import { ALERT_RULE_MESSAGES, type AlertRule } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import {
  type AlertRuleFormValues,
  formProblemOf,
  NEW_ALERT_RULE_FORM,
  numberPerHourProblem,
  offersSmartNotify,
  offersWaiting,
  SMART_NOTIFY_AT_LEAST_ONE,
  toAlertRuleBody,
  toAlertRuleFormValues,
  xUnitOf,
} from './alert-rule-form-values';

const form = (overrides: Partial<AlertRuleFormValues>): AlertRuleFormValues => ({
  ...NEW_ALERT_RULE_FORM,
  devices: ['7'],
  ...overrides,
});

describe('the e-mail alert form rules', () => {
  it('starts a new rule with the first event type, As Alert happens and X = 1 (A section 9)', () => {
    expect(NEW_ALERT_RULE_FORM).toMatchObject({
      delivery_method: 'Email',
      event_type: 'alarm',
      contact_when: 0,
      x: 1,
      all_devices: false,
      smart_notify: false,
    });
  });

  it('asks for All Devices or a device', () => {
    expect(formProblemOf(form({ devices: [] }), 'devices')).toBe(ALERT_RULE_MESSAGES.devicesRequired);
    expect(formProblemOf(form({ devices: [], all_devices: true }), 'devices')).toBeNull();
    expect(formProblemOf(form({ devices: ['3'] }), 'devices')).toBeNull();
  });

  it('asks for the alternative contact only when sending to it', () => {
    const sending = form({ send_to_alternative: true, alternative_contact: '  ' });
    expect(formProblemOf(sending, 'alternative_contact')).toBe(
      ALERT_RULE_MESSAGES.alternativeContactRequired,
    );
    expect(formProblemOf(form({ alternative_contact: '' }), 'alternative_contact')).toBeNull();
  });

  it('offers Smart Notify for alarm and warning, and waiting only for events that last', () => {
    expect(['alarm', 'warning'].filter((t) => offersSmartNotify(t as 'alarm'))).toHaveLength(2);
    expect(offersSmartNotify('online_status')).toBe(false);
    expect(offersWaiting('online_status')).toBe(true);
    expect(offersWaiting('power_up')).toBe(false);
    expect(xUnitOf(2)).toBe('minutes');
    expect(xUnitOf(3)).toBe('hours');
    expect(xUnitOf(0)).toBeNull();
  });

  it('needs at least one e-mail an hour while Smart Notify is on', () => {
    expect(numberPerHourProblem(form({ smart_notify: true, number_per_hour: 0 }))).toBe(
      SMART_NOTIFY_AT_LEAST_ONE,
    );
    expect(numberPerHourProblem(form({ smart_notify: true, number_per_hour: 4 }))).toBeNull();
    expect(numberPerHourProblem(form({ smart_notify: false, number_per_hour: 0 }))).toBeNull();
    expect(
      numberPerHourProblem(form({ event_type: 'test', smart_notify: true, number_per_hour: 0 })),
    ).toBeNull();
  });

  it('sends contact_when as text, devices as id strings, and drops what the event does not offer', () => {
    expect(toAlertRuleBody(form({ contact_when: 2, x: 15, smart_notify: true, number_per_hour: 3 }))).toEqual(
      {
        delivery_method: 'Email',
        send_to_alternative: false,
        alternative_contact: null,
        event_type: 'alarm',
        contact_when: '2',
        x: 15,
        all_devices: false,
        number_per_hour: 3,
        devices: ['7'],
      },
    );
    const instant = toAlertRuleBody(
      form({
        event_type: 'power_up',
        contact_when: 3,
        smart_notify: true,
        number_per_hour: 3,
        all_devices: true,
      }),
    );
    expect(instant).toMatchObject({ contact_when: '0', number_per_hour: 0, devices: [], all_devices: true });
    expect(toAlertRuleBody(form({ alternative_contact: 'old@example.test' })).alternative_contact).toBeNull();
    expect(
      toAlertRuleBody(form({ send_to_alternative: true, alternative_contact: ' a@example.test ' }))
        .alternative_contact,
    ).toBe('a@example.test');
  });

  it('fills the form from a stored rule (Smart Notify on when number_per_hour is above 0)', () => {
    const rule: AlertRule = {
      id: 4,
      delivery_method: 'Email',
      send_to_alternative: true,
      alternative_contact: 'night@example.test',
      event_type: 'warning',
      contact_when: '3',
      periodical: true,
      x: 2,
      all_devices: false,
      number_per_hour: 5,
      devices: [{ id: 9, title: 'Kiln', udf_id: 'U9', device_type: 'F500', is_online: true }],
      date_created: '2026-11-24T07:00:00.000Z',
      date_updated: '2026-11-24T07:00:00.000Z',
    };
    expect(toAlertRuleFormValues(rule)).toEqual({
      delivery_method: 'Email',
      send_to_alternative: true,
      alternative_contact: 'night@example.test',
      event_type: 'warning',
      contact_when: 3,
      x: 2,
      all_devices: false,
      devices: ['9'],
      smart_notify: true,
      number_per_hour: 5,
    });
    expect(toAlertRuleFormValues({ ...rule, number_per_hour: 0 }).smart_notify).toBe(false);
  });
});
