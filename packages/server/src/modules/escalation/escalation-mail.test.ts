import { describe, expect, it } from 'vitest';
import type { NotificationWithPlace } from '../notifications/notifications.repo';
import { acknowledgePathOf, activeForText, escalationMail } from './escalation-mail';

const PUBLIC_URL = 'https://portal.example.com/';
const RAISED = new Date(Date.UTC(2026, 10, 28, 1, 0, 5));

/** A node sensor of an F500-UDF in alarm at the <Elevator> site (Berlin), named as the log names it. */
const notification: NotificationWithPlace = {
  id: 41,
  eventType: 'alarm_on',
  locationId: 7,
  deviceId: 3,
  deviceTitle: 'Leg 2 F500',
  sensorId: 'F5000001.net1.n03.1',
  sensorName: 'Bearing Temperature · Network 1 · Node 3',
  content: 'Alarm Detected on Bearing Temperature · Network 1 · Node 3: 212 °F',
  value: '212 °F',
  isActive: true,
  forebearId: null,
  dateCreated: RAISED,
  dateCleared: null,
  deviceEventId: 9,
  maintenanceRecordId: null,
  dispatchedAt: RAISED,
  acknowledgedAt: null,
  acknowledgedById: null,
  acknowledgedByName: null,
  acknowledgeComment: null,
  isShelved: false,
  locationTitle: '<Elevator>',
  timezone: 'Europe/Berlin',
  udfId: 'F5000001',
  deviceType: 'F500',
  isOnline: true,
};

describe('the e-mail of an escalation level', () => {
  it('names the level, sensor with node and network, device, site, value, since when and for how long, on the site clock', () => {
    const mail = escalationMail({
      notification,
      level: 2,
      toldBefore: [{ level: 1, at: RAISED, recipients: ['night@example.com', 'ops@example.com'] }],
      to: 'boss@example.com',
      now: new Date(RAISED.getTime() + 12 * 60_000 + 30_000),
      publicUrl: PUBLIC_URL,
    });
    expect(mail).toMatchObject({ to: 'boss@example.com', kind: 'escalation' });
    expect(mail.subject).toBe(
      '[Vigil] Escalation level 2: Alarm Detected not acknowledged — Bearing Temperature · Network 1 · Node 3 at <Elevator> / Leg 2 F500',
    );
    expect(mail.text.split('\n')).toEqual([
      'Alarm Detected on Bearing Temperature · Network 1 · Node 3: 212 °F — still active and not acknowledged after 12 min.',
      '',
      'Escalation: level 2',
      'Event: Alarm Detected',
      'Site: <Elevator>',
      'Device: Leg 2 F500',
      'Sensor: Bearing Temperature · Network 1 · Node 3',
      'Value: 212 °F',
      'Active since: 2026-11-28 02:00:05 CET',
      'Active for: 12 min, not acknowledged',
      '',
      'Told before:',
      '  Level 1 (2026-11-28 02:00:05 CET): night@example.com, ops@example.com',
      '',
      'Acknowledge: https://portal.example.com/notifications/device/3?tab=active&acknowledge=41',
      '',
      expect.stringContaining('not a safety system'),
      '',
    ]);
    expect(mail.html).toContain('&lt;Elevator&gt;');
    expect(mail.html).not.toContain('<Elevator>');
    expect(mail.html).toContain(
      'href="https://portal.example.com/notifications/device/3?tab=active&amp;acknowledge=41"',
    );
  });

  it('says nobody was told before level 1, and links a row without device to its site', () => {
    const mail = escalationMail({
      notification: { ...notification, deviceId: null, deviceTitle: null },
      level: 1,
      toldBefore: [],
      to: 'night@example.com',
      now: RAISED,
      publicUrl: PUBLIC_URL,
    });
    expect(mail.text).toContain('Nobody was told before this level.');
    expect(mail.text).toContain(
      'Acknowledge: https://portal.example.com/notifications/site/7?tab=active&acknowledge=41',
    );
    expect(mail.text).not.toContain('Device:');
    expect(acknowledgePathOf({ id: 5, deviceId: 2, locationId: 1 })).toBe(
      '/notifications/device/2?tab=active&acknowledge=5',
    );
  });

  it('reads how long an alarm has been active', () => {
    expect([0, 59_999, 60_000, 65 * 60_000, (26 * 60 + 5) * 60_000].map(activeForText)).toEqual([
      '0 min',
      '0 min',
      '1 min',
      '1 h 05 min',
      '1 d 2 h 05 min',
    ]);
  });
});
