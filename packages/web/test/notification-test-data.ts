import type { NotificationItem, NotificationPushItem } from '@vigil/contracts';

/** Rows and pushes for the page's unit tests. */
export function pushItem(pk: number, changes: Partial<NotificationPushItem> = {}): NotificationPushItem {
  return {
    pk,
    forebear_pk: null,
    key: `notification-${pk}`,
    type: 'alarm_on',
    color: 'red',
    content: 'Belt speed alarm',
    device: 'Conveyor 3',
    device_pk: 7,
    location: 'Mill',
    location_pk: 2,
    event_type: 'Alarm Detected',
    full_sensor_id: 'A.speed.1',
    node_id: null,
    sensor_id: '1',
    sensor_name: 'Head speed',
    is_active: true,
    notification_time: '2026-11-24 08:00:00',
    timezone: 'UTC',
    timestamp: Date.parse('2026-11-24T08:00:00Z') / 1000 + pk,
    url: '/dashboard',
    value: '12',
    ...changes,
  };
}

export function listItem(id: number, changes: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id,
    pk: id,
    forebear: null,
    forebear_pk: null,
    location: { id: 2, title: 'Mill' },
    location_pk: 2,
    device: { id: 7, title: 'Conveyor 3', udf_id: 'W0300001', device_type: '0300', is_online: true },
    device_pk: 7,
    device_name: 'Conveyor 3',
    sensor_id: '1',
    full_sensor_id: 'W0300001.speed.1',
    node_id: null,
    sensor_name: 'Head speed',
    event_type: 'alarm_on',
    event_label: 'Alarm Detected',
    content: 'Belt speed alarm',
    value: '12',
    color: '#F14D49',
    is_active: true,
    duration: null,
    date_created: 1_795_000_000,
    date_cleared: null,
    notification_time: '2026-11-24 08:00:00',
    timezone: 'UTC',
    timestamp: 1_795_000_000,
    acknowledged: null,
    ...changes,
  };
}
