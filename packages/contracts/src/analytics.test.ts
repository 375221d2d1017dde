import { describe, expect, it } from 'vitest';
import {
  AnalyticsQuerySchema,
  alarmNotificationsLink,
  alarmTypeOf,
  displayAlarmType,
  formatAnalyticsDate,
  mergeAlarmTypes,
  parseAnalyticsDate,
} from './analytics';

describe('analytics dates', () => {
  it("reads 'D Mon YYYY' and its zero-padded form", () => {
    expect(parseAnalyticsDate('5 Nov 2026')).toEqual({ year: 2026, month: 11, day: 5 });
    expect(parseAnalyticsDate('05 Nov 2026')).toEqual({ year: 2026, month: 11, day: 5 });
    expect(parseAnalyticsDate('29 feb 2028')).toEqual({ year: 2028, month: 2, day: 29 });
  });

  it('refuses days that do not exist and other formats', () => {
    for (const text of [
      '31 Nov 2026',
      '29 Feb 2026',
      '2026-11-05',
      '5 November 2026',
      '5 Nov 26',
      '',
      '0 Nov 2026',
    ]) {
      expect(parseAnalyticsDate(text)).toBeNull();
    }
  });

  it('writes the UTC day without padding', () => {
    expect(formatAnalyticsDate(new Date('2026-11-05T23:30:00-05:00'))).toBe('6 Nov 2026');
  });

  it('refuses a start after the end, naming the start', () => {
    const result = AnalyticsQuerySchema.safeParse({ start: '6 Nov 2026', end: '5 Nov 2026' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['start'],
      message: 'The start date must not be after the end date.',
    });
    expect(AnalyticsQuerySchema.safeParse({ start: '5 Nov 2026', end: '5 Nov 2026' }).success).toBe(true);
  });
});

describe('alarm types (M section 9)', () => {
  it("takes the state text, else the status, else 'Alarm'", () => {
    expect(alarmTypeOf({ state: 'Contact Sensor Open / OFF', status: 'Alarm' })).toBe(
      'Contact Sensor Open / OFF',
    );
    expect(alarmTypeOf({ state: '  ', status: 'WARNING' })).toBe('WARNING');
    expect(alarmTypeOf({ status: 'Alarm' })).toBe('Alarm');
    expect(alarmTypeOf(null)).toBe('Alarm');
  });

  it("shows 'Alarm' as 'Underspeed Alarm' and contact open or closed as 'Contact Changed'", () => {
    expect(displayAlarmType('Alarm')).toBe('Underspeed Alarm');
    expect(displayAlarmType('Contact Sensor Open / OFF')).toBe('Contact Changed');
    expect(displayAlarmType('Contact Sensor Closed / ON')).toBe('Contact Changed');
    expect(displayAlarmType('contact sensor closed')).toBe('Contact Changed');
    expect(displayAlarmType('High Temperature')).toBe('High Temperature');
  });

  it('merges the relabelled types, sums them and puts the largest first', () => {
    expect(
      mergeAlarmTypes([
        { type: 'Contact Sensor Open / OFF', count: 2 },
        { type: 'Alarm', count: 4 },
        { type: 'Contact Sensor Closed / ON', count: 3 },
        { type: 'High Temperature', count: 1 },
      ]),
    ).toEqual([
      10,
      [
        { name: 'Contact Changed', y: 5 },
        { name: 'Underspeed Alarm', y: 4 },
        { name: 'High Temperature', y: 1 },
      ],
    ]);
    expect(mergeAlarmTypes([])).toEqual([0, []]);
  });
});

describe('links to the notifications behind a figure', () => {
  it('filters the notifications page by site, device, alarm_on, the days and the sensor name', () => {
    expect(
      alarmNotificationsLink({
        siteId: 4,
        deviceId: 9,
        from: '2026-11-01',
        to: '2026-11-05',
        search: 'Head & Tail',
      }),
    ).toBe(
      '/notifications/all?location=4&device=9&event_type=alarm_on&date_created_from=2026-11-01&date_created_to=2026-11-05&search=Head%20%26%20Tail',
    );
    expect(alarmNotificationsLink({ siteId: 4, from: '2026-11-01', to: '2026-11-01' })).toBe(
      '/notifications/all?location=4&event_type=alarm_on&date_created_from=2026-11-01&date_created_to=2026-11-01',
    );
  });
});
