import { describe, expect, it } from 'vitest';
import { isGated } from './two-factor-gate';

describe('two-factor gate', () => {
  it('lets through users without a device whose clients do not require one', () => {
    expect(isGated({ isRegistered: false, isRequired: false }, false)).toBe(false);
  });

  it('holds a registered user until this session is verified', () => {
    expect(isGated({ isRegistered: true, isRequired: false }, false)).toBe(true);
    expect(isGated({ isRegistered: true, isRequired: false }, true)).toBe(false);
    expect(isGated({ isRegistered: true, isRequired: true }, true)).toBe(false);
  });

  it('holds a user whose client requires two-factor until a device is set up', () => {
    expect(isGated({ isRegistered: false, isRequired: true }, false)).toBe(true);
    expect(isGated({ isRegistered: true, isRequired: true }, false)).toBe(true);
  });
});
