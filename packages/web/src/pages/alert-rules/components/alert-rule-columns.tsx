import {
  ALERT_EVENT_TYPE_LABELS,
  type AlertContactWhen,
  type AlertRule,
  contactWhenText,
} from '@vigil/contracts';
import type { TableColumnsType } from 'antd';

/** 'All Devices', or the titles of the named devices. */
export function devicesText(rule: AlertRule): string {
  if (rule.all_devices) {
    return 'All Devices';
  }
  return rule.devices.length === 0 ? '—' : rule.devices.map((device) => device.title).join(', ');
}

/** '3 per hour', or 'Off' when the rule sends every e-mail. */
export function smartNotifyText(rule: AlertRule): string {
  return rule.number_per_hour > 0 ? `${rule.number_per_hour} per hour` : 'Off';
}

/** Columns of the e-mail alert table (A section 2). */
export function alertRuleColumns(): TableColumnsType<AlertRule> {
  return [
    {
      title: 'EVENT TYPE',
      key: 'event_type',
      render: (_, rule) => ALERT_EVENT_TYPE_LABELS[rule.event_type],
    },
    {
      title: 'CONTACT WHEN',
      key: 'contact_when',
      render: (_, rule) => contactWhenText(Number(rule.contact_when) as AlertContactWhen, rule.x),
    },
    { title: 'DEVICES', key: 'devices', render: (_, rule) => devicesText(rule) },
    { title: 'SMART NOTIFY', key: 'number_per_hour', render: (_, rule) => smartNotifyText(rule) },
    {
      title: 'ALTERNATIVE CONTACT',
      key: 'alternative_contact',
      render: (_, rule) => (rule.send_to_alternative ? (rule.alternative_contact ?? '') : '—'),
    },
  ];
}
