import { describe, expect, it } from 'vitest';
import { listItem, pushItem } from '../../../test/notification-test-data';
import { canAcknowledge, escalationText, inAlarmText, rowFromItem, rowFromPush } from './notification-rows';

describe("the 'In alarm' column", () => {
  it('says On or Off in the Active tab', () => {
    expect(inAlarmText(rowFromItem(listItem(1)), 'active')).toBe('On');
    expect(inAlarmText(rowFromItem(listItem(1, { is_active: false })), 'active')).toBe('Off');
  });

  it('gives the duration in Historical, On while still active, a dash for an instant', () => {
    const closed = listItem(1, {
      is_active: false,
      duration: '0 day(s), 1:05:09',
      date_cleared: 1_795_003_909,
    });
    expect(inAlarmText(rowFromItem(closed), 'historical')).toBe('0 day(s), 1:05:09');
    expect(inAlarmText(rowFromItem(listItem(2)), 'historical')).toBe('On');
    const cleared = listItem(3, { event_type: 'alarm_off', is_active: false });
    expect(inAlarmText(rowFromItem(cleared), 'historical')).toBe('—');
    expect(inAlarmText(rowFromPush(pushItem(4)), 'historical')).toBe('On');
  });
});

describe('Acknowledge', () => {
  it('is offered for active alarms and warnings not yet acknowledged', () => {
    expect(canAcknowledge(rowFromItem(listItem(1)))).toBe(true);
    expect(canAcknowledge(rowFromPush(pushItem(2, { type: 'warning_on' })))).toBe(true);
    expect(canAcknowledge(rowFromItem(listItem(3, { is_active: false })))).toBe(false);
    expect(canAcknowledge(rowFromItem(listItem(4, { event_type: 'device_offline' })))).toBe(false);
    const done = listItem(5, { acknowledged: { at: 1_795_000_100, by: 'Morgan Manager', comment: '' } });
    expect(canAcknowledge(rowFromItem(done))).toBe(false);
  });

  it('a deleted device keeps the name the row was written with', () => {
    expect(rowFromItem(listItem(6, { device: null, device_name: 'Old kiln' })).device).toBe('Old kiln');
  });
});

describe('the Time column', () => {
  it("shows each row in its own site's zone, labelled, whatever the browser's zone", () => {
    // 2026-11-27 21:14:05 UTC, the same instant at two sites.
    const at = Date.UTC(2026, 10, 27, 21, 14, 5) / 1000;
    const berlin = rowFromItem(listItem(1, { timestamp: at, timezone: 'Europe/Berlin' }));
    const newYork = rowFromPush(pushItem(2, { timestamp: at, timezone: 'America/New_York' }));
    expect(berlin.time).toBe('2026-11-27 22:14:05 CET');
    expect(newYork.time).toBe('2026-11-27 16:14:05 EST');
  });
});

describe('the Value column', () => {
  it("shows a maintenance step in words, not its code ('maintanance_succeeded')", () => {
    const step = listItem(1, { event_type: 'maintenance', value: 'maintanance_succeeded', is_active: false });
    expect(rowFromItem(step).value).toBe('Test succeeded');
    const pushed = pushItem(2, {
      type: 'maintenance',
      value: 'maintenance_expect_alarm_on',
      is_active: false,
    });
    expect(rowFromPush(pushed).value).toBe('Test started');
  });
  it('keeps a reading as it is', () => {
    expect(rowFromItem(listItem(3, { value: '12' })).value).toBe('12');
  });

  it('names the escalation levels mailed, with their recipients, and leaves out stopped ones (issue 27)', () => {
    const step = (level: number, state: 'sent' | 'stopped' | 'pending', recipients: string[]) => ({
      level,
      state,
      recipients,
    });
    expect(escalationText([])).toBeNull();
    expect(escalationText([step(1, 'stopped', [])])).toBeNull();
    expect(
      escalationText([
        step(1, 'sent', ['a@example.com', 'b@example.com']),
        step(2, 'sent', ['c@example.com']),
        step(3, 'pending', []),
      ]),
    ).toBe('Escalated: level 1 (2), level 2 (1)');
    expect(rowFromItem(listItem(1)).escalated).toBeNull();
  });

  it('marks the rows of a shelved sensor, from the list and from a push (issue 27)', () => {
    expect(rowFromItem(listItem(1, { shelved: true })).isShelved).toBe(true);
    expect(rowFromItem(listItem(1)).isShelved).toBe(false);
  });
});
