import { describe, expect, it } from 'vitest';
import { alertsCountText } from './notifications';

describe('alertsCountText', () => {
  it("says '1 alert', not '1 alerts'", () => {
    expect(alertsCountText(1)).toBe('1 alert');
  });
  it('counts every other number in the plural, up to the cap', () => {
    expect(alertsCountText(0)).toBe('0 alerts');
    expect(alertsCountText(12)).toBe('12 alerts');
    expect(alertsCountText(10_000)).toBe('10000+ alerts');
  });
});
