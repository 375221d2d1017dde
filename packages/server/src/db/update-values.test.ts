import { describe, expect, it } from 'vitest';
import { hasValuesToSet } from './update-values';

describe('hasValuesToSet', () => {
  it('is false for nothing or only undefined values, true as soon as one value (even null) is set', () => {
    expect(hasValuesToSet({})).toBe(false);
    expect(hasValuesToSet({ title: undefined })).toBe(false);
    expect(hasValuesToSet({ title: undefined, css: null })).toBe(true);
    expect(hasValuesToSet({ isActive: false })).toBe(true);
  });
});
