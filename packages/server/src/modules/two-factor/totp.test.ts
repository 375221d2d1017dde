import { describe, expect, it } from 'vitest';
import { acceptedStep, newTotpSecret, totpFor } from './totp';

describe('TOTP codes', () => {
  const secret = newTotpSecret();
  const totp = totpFor(secret, 'ada@example.test');
  const now = Date.UTC(2026, 10, 21, 12, 0, 15);
  const step = Math.floor(now / 30_000);
  const codeAt = (offsetSteps: number) => totp.generate({ timestamp: now + offsetSteps * 30_000 });

  it('describes itself for authenticator apps', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = totp.toString();
    expect(url).toContain('otpauth://totp/Vigil:ada%40example.test');
    expect(url).toContain('issuer=Vigil');
    expect(url).toContain('algorithm=SHA1');
    expect(url).toContain('digits=6');
    expect(url).toContain('period=30');
  });

  it('accepts the current code and one step either side', () => {
    expect(acceptedStep(totp, codeAt(0), now, null)).toBe(step);
    expect(acceptedStep(totp, codeAt(-1), now, null)).toBe(step - 1);
    expect(acceptedStep(totp, codeAt(1), now, null)).toBe(step + 1);
  });

  it('refuses codes two steps away, malformed codes and codes of another secret', () => {
    expect(acceptedStep(totp, codeAt(-2), now, null)).toBeUndefined();
    expect(acceptedStep(totp, codeAt(2), now, null)).toBeUndefined();
    expect(acceptedStep(totp, '12345', now, null)).toBeUndefined();
    expect(acceptedStep(totp, 'abcdef', now, null)).toBeUndefined();
    const other = totpFor(newTotpSecret(), 'ada@example.test');
    expect(acceptedStep(totp, other.generate({ timestamp: now }), now, null)).toBeUndefined();
  });

  it('refuses a code of a step already used, or of an older one', () => {
    expect(acceptedStep(totp, codeAt(0), now, step)).toBeUndefined();
    expect(acceptedStep(totp, codeAt(-1), now, step)).toBeUndefined();
    expect(acceptedStep(totp, codeAt(1), now, step)).toBe(step + 1);
  });
});
