import { describe, expect, it } from 'vitest';
import { dueText, lastTestText, statusLabel } from './proof-test-format';

const AT = Date.UTC(2026, 10, 24, 3, 5);

describe('proof-test report formatting', () => {
  it("writes dates in the site's timezone, and names the zone of a test's time", () => {
    expect(dueText(AT, 'America/Chicago')).toBe('2026-11-23');
    expect(lastTestText(AT, 'America/Chicago')).toBe('2026-11-23 21:05 CST');
    expect(lastTestText(Date.UTC(2026, 0, 1, 0, 0), 'UTC')).toBe('2026-01-01 00:00 UTC');
    expect(lastTestText(Date.UTC(2026, 6, 1, 12, 0), 'Europe/Berlin')).toBe('2026-07-01 14:00 CEST');
    expect(lastTestText(null, 'UTC')).toBe('—');
  });

  it('shows a never-tested sensor as due now, and the labels of each status', () => {
    expect(dueText(null, 'UTC')).toBe('Now');
    expect(dueText(AT, 'UTC')).toBe('2026-11-24');
    expect(statusLabel('never')).toBe('Never tested');
    expect(statusLabel('overdue')).toBe('Test overdue');
  });
});
