import type { AlertRule } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { alertRuleColumns, devicesText, smartNotifyText } from './alert-rule-columns';

const rule: AlertRule = {
  id: 1,
  delivery_method: 'Email',
  send_to_alternative: false,
  alternative_contact: null,
  event_type: 'alarm',
  contact_when: '2',
  periodical: false,
  x: 10,
  all_devices: false,
  number_per_hour: 0,
  devices: [
    { id: 1, title: 'Kiln', udf_id: 'U1', device_type: 'F500', is_online: true },
    { id: 2, title: 'Belt', udf_id: 'U2', device_type: 'F500', is_online: false },
  ],
  date_created: '2026-11-24T07:00:00.000Z',
  date_updated: '2026-11-24T07:00:00.000Z',
};

describe('the e-mail alert table', () => {
  it('shows the devices, or All Devices', () => {
    expect(devicesText(rule)).toBe('Kiln, Belt');
    expect(devicesText({ ...rule, all_devices: true, devices: [] })).toBe('All Devices');
  });

  it('shows Smart Notify as a cap or Off', () => {
    expect(smartNotifyText(rule)).toBe('Off');
    expect(smartNotifyText({ ...rule, number_per_hour: 3 })).toBe('3 per hour');
  });

  it('labels the event and says when with X in place', () => {
    const columns = alertRuleColumns();
    const cell = (key: string, row: AlertRule) =>
      columns.find((column) => column.key === key)?.render?.(undefined, row, 0);
    expect(cell('event_type', rule)).toBe('Alarm Changed');
    expect(cell('contact_when', rule)).toBe('Notify if the alarm is not cleared after 10 minutes');
    expect(cell('contact_when', { ...rule, contact_when: '3', x: 2 })).toBe(
      'Notify every 2 hours if the alarm is not cleared',
    );
    expect(cell('contact_when', { ...rule, contact_when: '0' })).toBe('As Alert happens');
    expect(columns.map((column) => column.title)).toEqual([
      'EVENT TYPE',
      'CONTACT WHEN',
      'DEVICES',
      'SMART NOTIFY',
      'ALTERNATIVE CONTACT',
    ]);
  });
});
