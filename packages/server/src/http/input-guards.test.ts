import { describe, expect, it } from 'vitest';
import { findNullCharacterField } from './input-guards';

describe('findNullCharacterField', () => {
  it('names the top-level field that holds a NUL character anywhere inside it', () => {
    expect(findNullCharacterField({ title: 'ok', address: 'a\u0000b' })).toBe('address');
    expect(findNullCharacterField({ location_access: [{ permission: 'User\u0000' }] })).toBe(
      'location_access',
    );
    expect(findNullCharacterField('plain\u0000')).toBe('non_field_errors');
    expect(findNullCharacterField({ 'k\u0000': 1 })).toBe('k\u0000');
  });

  it('passes clean input, numbers and nulls', () => {
    expect(findNullCharacterField({ a: 'x', b: 1, c: null, d: [true, { e: 'y' }] })).toBeUndefined();
    expect(findNullCharacterField(undefined)).toBeUndefined();
  });
});
