import { describe, expect, it } from 'vitest';
import { splitResetKey } from './passwords';

describe('splitResetKey', () => {
  it('splits the reset page id at the first dash', () => {
    expect(splitResetKey('1z-ab-cd')).toEqual({ uid: '1z', token: 'ab-cd' });
  });

  it('refuses ids without both parts', () => {
    for (const id of ['', 'abc', '-abc', 'abc-']) {
      expect(splitResetKey(id)).toBeNull();
    }
  });
});
