import { describe, expect, it } from 'vitest';
import { decodeUid, encodeUid, passwordResetLink } from './password-reset.service';

describe('password reset links', () => {
  it('writes the user id in base 36 before the first dash of the link', () => {
    expect(encodeUid(1)).toBe('1');
    expect(encodeUid(46_655)).toBe('zzz');
    expect(passwordResetLink('https://vigil.example.com/', 46_655, 'ab12')).toBe(
      'https://vigil.example.com/password/reset/key/zzz-ab12',
    );
  });

  it('reads back only well-formed, positive, 32-bit ids', () => {
    expect(decodeUid('zzz')).toBe(46_655);
    expect(decodeUid(encodeUid(2_147_483_647))).toBe(2_147_483_647);
    for (const uid of ['', '0', '-1', 'ZZZ', 'a-b', '1.5', 'zzzzzzzzzzz', encodeUid(2_147_483_648)]) {
      expect(decodeUid(uid)).toBeUndefined();
    }
  });
});
