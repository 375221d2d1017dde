import { describe, expect, it } from 'vitest';
import { isValidTimezone, listTimezones } from './timezones';

describe('timezones', () => {
  it('lists IANA names with UTC, sorted and without duplicates', () => {
    const list = listTimezones();
    expect(list).toContain('UTC');
    expect(list).toContain('Europe/London');
    expect(list).toContain('America/Chicago');
    expect([...list].sort()).toEqual(list);
    expect(new Set(list).size).toBe(list.length);
  });

  it('accepts canonical names and ICU aliases', () => {
    expect(isValidTimezone('Europe/London')).toBe(true);
    expect(isValidTimezone('UTC')).toBe(true);
    expect(isValidTimezone('Asia/Calcutta')).toBe(true);
  });

  it('refuses made-up names, offsets and odd text', () => {
    for (const name of ['Mars/Olympus', '+01:00', 'GMT+1 ', '', '../etc', 'Europe/London; drop']) {
      expect(isValidTimezone(name)).toBe(false);
    }
  });
});
