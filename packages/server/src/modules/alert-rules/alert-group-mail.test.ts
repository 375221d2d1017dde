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
    isShelved: false,
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
    expect(text).toContain('  Device: Kiln F500 · Value: 212 °F · 2026-11-27 10:00:01 CET · Still active');
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

describe("the times of alert e-mails, on the site's clock with the zone named (issue 23)", () => {
  const at = (alert: GroupedAlert, changes: Partial<NotificationWithPlace>): GroupedAlert => ({
    ...alert,
    notification: { ...alert.notification, ...changes },
  });

  it('names the zone of the time an alert happened and was cleared, in text and HTML', () => {
    const cleared = at(alarm(3, 'alarm_off'), {
      isActive: false,
      dateCleared: new Date(Date.UTC(2026, 10, 27, 9, 5, 0)),
    });
    const mail = alertGroupMail([cleared], 'ada@example.com', PUBLIC_URL);
    expect(mail?.text).toContain('Time: 2026-11-27 10:00:03 CET\n');
    expect(mail?.text).toContain('State: Cleared at 2026-11-27 10:05:00 CET\n');
    expect(mail?.html).toContain('<td>2026-11-27 10:00:03 CET</td>');
    expect(mail?.html).toContain('<td>Cleared at 2026-11-27 10:05:00 CET</td>');
  });

  it('names the zone of a still-active alert, in summer time too', () => {
    const summer = at(alarm(4), { dateCreated: new Date(Date.UTC(2026, 6, 1, 12, 0, 0)) });
    const mail = alertGroupMail([{ ...summer, reason: { kind: 'still-on' } }], 'ada@example.com', PUBLIC_URL);
    expect(mail?.text).toContain('not cleared since 2026-07-01 14:00:00 CEST.');
    expect(mail?.text).toContain('Time: 2026-07-01 14:00:00 CEST\n');
  });

  it("lists each alert of a group with its site's zone, by IANA name where the zone has no abbreviation", () => {
    const kolkata = (alert: GroupedAlert) => at(alert, { timezone: 'Asia/Kolkata' });
    const mail = alertGroupMail([kolkata(alarm(1)), kolkata(alarm(2))], 'ada@example.com', PUBLIC_URL);
    expect(mail?.text).toContain(
      '  Device: Kiln F500 · Value: 212 °F · 2026-11-27 14:30:01 Asia/Kolkata · Still active',
    );
    expect(mail?.html).toContain('2026-11-27 14:30:02 Asia/Kolkata');
  });
});
