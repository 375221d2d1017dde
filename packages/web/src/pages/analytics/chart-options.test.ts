import { describe, expect, it } from 'vitest';
import { defaultAnalyticsRange, localIsoDay } from './analytics-range';
import {
  alarmTypesOption,
  hourLabel,
  hoursCaption,
  pngNameOf,
  sensorAlarmsOption,
  sensorCaption,
  timeOfDayOption,
  typesCaption,
} from './chart-options';

describe('analytics charts', () => {
  it('draws the most alarmed sensor on top of the bar chart', () => {
    const option = sensorAlarmsOption(
      [
        { sensor_name: 'Head Pulley Speed', y: 3 },
        { sensor_name: 'Door Switch', y: 2 },
      ],
      'x',
    );
    expect(option.yAxis).toMatchObject({ data: ['Door Switch', 'Head Pulley Speed'] });
    expect(option.series).toMatchObject([{ type: 'bar', data: [2, 3] }]);
  });

  it('labels the 24 hours as HH:00', () => {
    const hours = Array.from({ length: 24 }, (_, name) => ({ name, y: name === 9 ? 2 : 0 }));
    const option = timeOfDayOption(hours, 'x');
    expect(hourLabel(7)).toBe('07:00');
    expect(option.xAxis).toMatchObject({ data: expect.arrayContaining(['00:00', '09:00', '23:00']) });
    expect((option.series as Array<{ data: number[] }>)[0]?.data[9]).toBe(2);
  });

  it('puts the total in the pie title and each type as a slice', () => {
    const option = alarmTypesOption(
      [
        5,
        [
          { name: 'Underspeed Alarm', y: 3 },
          { name: 'Contact Changed', y: 2 },
        ],
      ],
      'x',
      false,
    );
    expect(option.title).toMatchObject({ text: 'Type Of Alarms (total: 5)' });
    expect(option.series).toMatchObject([
      {
        type: 'pie',
        data: [
          { name: 'Underspeed Alarm', value: 3 },
          { name: 'Contact Changed', value: 2 },
        ],
      },
    ]);
  });

  it('names the PNG after the device, the tab and the range', () => {
    expect(pngNameOf('Mill #2', 'types', { start: '1 Nov 2026', end: '5 Nov 2026' })).toBe(
      'analytics_Mill_2_types_1_Nov_2026_5_Nov_2026.png',
    );
  });

  it('defaults to the first day of the current month until today (M section 9)', () => {
    const today = new Date(Date.UTC(2026, 10, 24, 15, 30));
    const range = defaultAnalyticsRange(today, 'UTC');
    expect(localIsoDay(range.start)).toBe('2026-11-01');
    expect(localIsoDay(range.end)).toBe('2026-11-24');
  });

  it("takes the month and the day of the site's clock, not the browser's (issue 23)", () => {
    // 03:00 UTC on 1 December is still 30 November in Chicago, already 1 December in Berlin.
    const now = new Date(Date.UTC(2026, 11, 1, 3, 0));
    const chicago = defaultAnalyticsRange(now, 'America/Chicago');
    expect([localIsoDay(chicago.start), localIsoDay(chicago.end)]).toEqual(['2026-11-01', '2026-11-30']);
    const berlin = defaultAnalyticsRange(now, 'Europe/Berlin');
    expect([localIsoDay(berlin.start), localIsoDay(berlin.end)]).toEqual(['2026-12-01', '2026-12-01']);
  });
});

describe('analytics captions', () => {
  it('says what each chart shows in words', () => {
    expect(
      sensorCaption([
        { sensor_name: 'A', y: 3 },
        { sensor_name: 'B', y: 2 },
      ]),
    ).toBe('5 alarms on 2 sensors');
    const hours = Array.from({ length: 24 }, (_, name) => ({
      name,
      y: name === 9 ? 2 : name === 14 ? 1 : 0,
    }));
    expect(hoursCaption(hours)).toBe('Busiest hour: 09:00 (2 alarms)');
    expect(hoursCaption(hours.map((hour) => ({ ...hour, y: 0 })))).toBe('No alarms in the range');
    expect(typesCaption([5, [{ name: 'Underspeed Alarm', y: 5 }]])).toBe('Total: 5 alarms of 1 types');
  });
});
