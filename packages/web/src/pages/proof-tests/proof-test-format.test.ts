import { describe, expect, it } from 'vitest';
import { dueText, formatSiteDate, formatSiteDateTime, statusLabel } from './proof-test-format';

const AT = Date.UTC(2026, 10, 24, 3, 5);

describe('proof-test report formatting', () => {
  it("writes dates in the site's timezone", () => {
    expect(formatSiteDate(AT, 'UTC')).toBe('2026-11-24');
    expect(formatSiteDate(AT, 'America/Chicago')).toBe('2026-11-23');
    expect(formatSiteDateTime(AT, 'America/Chicago')).toBe('2026-11-23 21:05');
    expect(formatSiteDateTime(Date.UTC(2026, 0, 1, 0, 0), 'UTC')).toBe('2026-01-01 00:00');
  });

  it('shows a never-tested sensor as due now, and the labels of each status', () => {
    expect(dueText(null, 'UTC')).toBe('Now');
    expect(dueText(AT, 'UTC')).toBe('2026-11-24');
    expect(statusLabel('never')).toBe('Never tested');
    expect(statusLabel('overdue')).toBe('Test overdue');
  });
});
