import { describe, expect, it } from 'vitest';
import { isActivationKeyLive } from './activation.service';

describe('isActivationKeyLive', () => {
  const made = new Date('2026-11-01T12:00:00Z');
  const day = 86_400;

  it('works until the lifetime has passed, not after', () => {
    expect(isActivationKeyLive(made, 7 * day, new Date('2026-11-08T11:59:59Z'))).toBe(true);
    expect(isActivationKeyLive(made, 7 * day, new Date('2026-11-08T12:00:00Z'))).toBe(false);
  });

  it('never works without a creation time', () => {
    expect(isActivationKeyLive(null, 7 * day, made)).toBe(false);
  });
});
