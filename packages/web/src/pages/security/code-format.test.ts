import { describe, expect, it } from 'vitest';
import { groupSecret, normalizeCode } from './code-format';

describe('two-factor code and key formatting', () => {
  it('keeps the six digits of a typed or pasted code', () => {
    expect(normalizeCode('123 456')).toBe('123456');
    expect(normalizeCode(' 12-34-567 ')).toBe('123456');
    expect(normalizeCode(undefined)).toBe('');
  });

  it('groups a key by four characters', () => {
    expect(groupSecret('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')).toBe('ABCD EFGH IJKL MNOP QRST UVWX YZ23 4567');
    expect(groupSecret('ABCDEF')).toBe('ABCD EF');
  });
});
