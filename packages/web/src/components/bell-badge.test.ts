import { describe, expect, it } from 'vitest';
import { bellBadge } from './bell-badge';

describe('bellBadge', () => {
  it('hides at 0, shows the count up to 999 and 999+ above', () => {
    expect(bellBadge(0)).toBeNull();
    expect(bellBadge(1)).toBe('1');
    expect(bellBadge(150)).toBe('150');
    expect(bellBadge(999)).toBe('999');
    expect(bellBadge(1000)).toBe('999+');
    expect(bellBadge(25_000)).toBe('999+');
  });
});
