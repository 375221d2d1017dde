import type { NotificationType } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import type { NotificationWithPlace } from '../notifications/notifications.repo';
import { alertGroupMail, GROUP_MAIL_LIST_LIMIT, type GroupedAlert } from './alert-group-mail';

const PUBLIC_URL = 'https://portal.example.com/';

/** The n-th alarm of a flood at the Kiln site, one second apart. */
function alarm(n: number, eventType: NotificationType = 'alarm_on'): GroupedAlert {
  const notification: NotificationWithPlace = {
    id: n,
    eventType,
    locationId: 7,
    deviceId: 3,
    deviceTitle: 'Kiln F500',
    sensorId: `F5000001.net1.n${String(n).padStart(2, '0')}.1`,
    sensorName: `Bearing Temperature · Node ${n}`,
    content: `Alarm Detected on Bearing Temperature · Node ${n}: 212 °F`,
    value: '212 °F',
    isActive: true,
    forebearId: null,
    dateCreated: new Date(Date.UTC(2026, 10, 27, 9, 0, n)),
    dateCleared: null,
    deviceEventId: n,
    maintenanceRecordId: null,
    dispatchedAt: null,
    acknowledgedAt: null,
    acknowledgedById: null,
    acknowledgedByName: null,
    acknowledgeComment: null,
    locationTitle: 'Kiln',
    timezone: 'Europe/Berlin',
    udfId: 'F5000001',
    deviceType: 'F500',
    isOnline: true,
  };
  return { notification, reason: { kind: 'now' } };
}

describe('the e-mail of a group of alerts', () => {
  it('is the single alert e-mail for a group of one', () => {
    const mail = alertGroupMail([alarm(3)], 'ada@example.com', PUBLIC_URL);
    expect(mail?.subject).toBe('[Vigil] Alarm Detected — Bearing Temperature · Node 3 at Kiln / Kiln F500');
  });

  it("lists a flood's first alarms with device, value and zoned time, and counts the rest", () => {
    const flood = Array.from({ length: 500 }, (_, i) => alarm(i + 1));
    const mail = alertGroupMail(flood, 'ada@example.com', PUBLIC_URL);
    expect(mail?.subject).toBe('[Vigil] 500 alarms at Kiln');
    const text = mail?.text ?? '';
    expect(text.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(GROUP_MAIL_LIST_LIMIT);
    expect(text).toContain('- Alarm Detected — Bearing Temperature · Node 1\n');
    expect(text).toContain(
      '  Device: Kiln F500 · Value: 212 °F · 2026-11-27 10:00:01 (Europe/Berlin) · Still active',
    );
    expect(text).toContain(`and ${500 - GROUP_MAIL_LIST_LIMIT} more.`);
    expect(text).toContain('Notifications: https://portal.example.com/notifications/site/7');
    expect(mail?.html).toContain(`and ${500 - GROUP_MAIL_LIST_LIMIT} more.`);
    expect(mail?.html.length).toBeLessThan(20_000);
  });

  it("says 'alerts' when the group holds more than alarms raised", () => {
    const mail = alertGroupMail([alarm(1), alarm(2, 'alarm_off')], 'ada@example.com', PUBLIC_URL);
    expect(mail?.subject).toBe('[Vigil] 2 alerts at Kiln');
    expect(mail?.text).not.toContain('more.');
  });

  it('is null for a group whose notifications are gone', () => {
    expect(alertGroupMail([], 'ada@example.com', PUBLIC_URL)).toBeNull();
  });
});
