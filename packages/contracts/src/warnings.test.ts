import { describe, expect, it } from 'vitest';
import { WARNINGS_MAX_PER_DEVICE, WARNINGS_MESSAGES, WarningsSaveSchema } from './warnings';

/** Messages by field of the first row, or the parsed list. */
function parse(body: unknown) {
  const result = WarningsSaveSchema.safeParse(body);
  if (result.success) {
    return result.data;
  }
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.at(-1) ?? '', issue.message]));
}

describe('WarningsSaveSchema', () => {
  it("takes the earlier client's list: value as text, leaf sensor Id, no delay_seconds (0)", () => {
    expect(parse([{ sign: '>', value: '12.5', sensor_id: 101 }])).toEqual([
      { sign: '>', value: 12.5, sensor_id: '101', delay_seconds: 0 },
    ]);
  });

  it('takes numbers, numeric text for the delay, a dotted id, and null delay as 0', () => {
    expect(
      parse([
        { sign: '<', value: -3, sensor_id: ' dev1.2.101 ', delay_seconds: '30' },
        { sign: '=', value: '1e1', sensor_id: 'dev1.7', delay_seconds: null },
      ]),
    ).toEqual([
      { sign: '<', value: -3, sensor_id: 'dev1.2.101', delay_seconds: 30 },
      { sign: '=', value: 10, sensor_id: 'dev1.7', delay_seconds: 0 },
    ]);
  });

  it('answers the spec messages for missing sensor, sign and value, and a blank delay', () => {
    expect(parse([{ delay_seconds: '' }])).toEqual({
      sensor_id: WARNINGS_MESSAGES.sensorRequired,
      sign: WARNINGS_MESSAGES.signRequired,
      value: WARNINGS_MESSAGES.valueRequired,
      delay_seconds: WARNINGS_MESSAGES.delayRequired,
    });
    expect(parse([{ sign: '', value: ' ', sensor_id: '' }])).toEqual({
      sensor_id: 'Please select your sensor',
      sign: 'Please select...',
      value: 'Please input your value',
    });
  });

  it('refuses unknown signs, values that are no finite decimal, and delays out of 0..86400 or fractional', () => {
    for (const value of ['abc', '0x10', 'Infinity', '1,5']) {
      expect(parse([{ sign: '>', value, sensor_id: 'x' }])).toEqual({
        value: WARNINGS_MESSAGES.valueInvalid,
      });
    }
    expect(parse([{ sign: '>=', value: 1, sensor_id: 'x' }])).toEqual({
      sign: WARNINGS_MESSAGES.signRequired,
    });
    for (const delay_seconds of [-1, 86_401, 1.5, 'soon']) {
      expect(parse([{ sign: '>', value: 1, sensor_id: 'x', delay_seconds }])).toEqual({
        delay_seconds: WARNINGS_MESSAGES.delayInvalid,
      });
    }
  });

  it('wants a list of at most 100 warnings', () => {
    expect(parse({ sign: '>' })).toEqual({ '': WARNINGS_MESSAGES.listExpected });
    const row = { sign: '>', value: 1, sensor_id: 'x' };
    expect(parse(Array.from({ length: WARNINGS_MAX_PER_DEVICE }, () => row))).toHaveLength(100);
    expect(parse(Array.from({ length: WARNINGS_MAX_PER_DEVICE + 1 }, () => row))).toEqual({
      '': WARNINGS_MESSAGES.tooMany,
    });
  });
});
