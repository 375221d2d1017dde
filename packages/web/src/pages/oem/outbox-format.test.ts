import { describe, expect, it } from 'vitest';
import { canRetryMail, formatMailTime, mailStatusTag } from './outbox-format';

describe('outbox formatting', () => {
  it('labels and colours each status', () => {
    expect(mailStatusTag('queued')).toEqual({ label: 'Queued', color: 'gold' });
    expect(mailStatusTag('sent')).toEqual({ label: 'Sent', color: 'green' });
    expect(mailStatusTag('failed')).toEqual({ label: 'Failed', color: 'red' });
  });

  it('offers retry only for messages not yet delivered', () => {
    expect(canRetryMail('queued')).toBe(true);
    expect(canRetryMail('failed')).toBe(true);
    expect(canRetryMail('sent')).toBe(false);
  });

  it('formats times in the given time zone, and empty for none', () => {
    expect(formatMailTime('2026-11-21T08:05:00.000Z', 'UTC')).toBe('2026-11-21 08:05');
    expect(formatMailTime('2026-11-21T23:30:00.000Z', 'Europe/Berlin')).toBe('2026-11-22 00:30');
    expect(formatMailTime(null)).toBe('');
    expect(formatMailTime('not a date')).toBe('');
  });
});
