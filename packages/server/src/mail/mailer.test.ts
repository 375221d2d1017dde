import { describe, expect, it } from 'vitest';
import { boundedSubject, SUBJECT_MAX_LENGTH } from './mailer';

describe('e-mail subject lines', () => {
  it('are cut to 200 characters with an ellipsis, whatever name a device sent', () => {
    const subject = boundedSubject(`[Vigil] Alarm Detected — ${'x'.repeat(200_000)} at Kiln`);
    expect(SUBJECT_MAX_LENGTH).toBe(200);
    expect(subject).toHaveLength(200);
    expect(subject.endsWith('…')).toBe(true);
  });

  it('stay one line and never end in half a character', () => {
    expect(boundedSubject('[Vigil] Alarm\r\nBcc: someone@example.com')).toBe(
      '[Vigil] Alarm Bcc: someone@example.com',
    );
    const cut = boundedSubject('🔥'.repeat(300));
    expect(Array.from(cut)).toHaveLength(200);
    // No lone surrogate: the cut text survives a UTF-8 round trip unchanged.
    expect(new TextDecoder().decode(new TextEncoder().encode(cut))).toBe(cut);
  });

  it('are left as they are when short', () => {
    expect(boundedSubject('[Vigil] 3 alarms at Kiln')).toBe('[Vigil] 3 alarms at Kiln');
  });
});
