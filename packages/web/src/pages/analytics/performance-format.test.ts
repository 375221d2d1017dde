import { describe, expect, it } from 'vitest';
import { durationText, utcDayOf, utcMinuteOf } from './performance-format';

describe('alarm performance texts', () => {
  it('writes the median time to clear in the largest useful units', () => {
    expect(durationText(null)).toBe('No cleared alarms');
    expect(durationText(17.5)).toBe('18 s');
    expect(durationText(125)).toBe('2 min 05 s');
    expect(durationText(90_000)).toBe('25 h 00 min');
  });

  it('reads UTC days and minutes of ISO instants', () => {
    expect(utcDayOf('2025-03-01T10:00:00.000Z')).toBe('2025-03-01');
    expect(utcMinuteOf('2025-03-01T10:05:00.000Z')).toBe('2025-03-01 10:05 UTC');
  });
});
