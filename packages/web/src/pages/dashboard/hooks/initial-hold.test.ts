import { describe, expect, it } from 'vitest';
import { isLoaderShown } from './useInitialHold';

describe("the dashboard's initial loader (M section 2: 3 seconds)", () => {
  it('ends as soon as the content is ready, without waiting for the 3 s', () => {
    expect(isLoaderShown(true, false)).toBe(false);
  });
  it('shows while the content is not ready, and 3 s at the most', () => {
    expect(isLoaderShown(false, false)).toBe(true);
    expect(isLoaderShown(false, true)).toBe(false);
  });
});
