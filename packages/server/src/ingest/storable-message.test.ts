import { describe, expect, it } from 'vitest';
import { findUnstorableContent } from './storable-message';

const check = (json: string) => findUnstorableContent(json, JSON.parse(json));

const NUMBER_REFUSED = 'a number has an exponent of 1,000 or more or 1,000 digits, which cannot be stored';

describe('findUnstorableContent (what PostgreSQL refuses in text and jsonb)', () => {
  it('passes ordinary messages, escaped pairs and look-alikes inside strings', () => {
    expect(check('{"Name":"Leg 1","Value":188.4,"Meta":{"Min":-1.5e3}}')).toBeUndefined();
    expect(
      check(`{"Name":"smile \\ud83d\\ude00","Code":"e12345","Hex":"${'7'.repeat(1200)}"}`),
    ).toBeUndefined();
    expect(check('{"Name":"a backslash then u0000: \\\\u0000"}')).toBeUndefined();
  });

  it('refuses a NUL character and an unpaired surrogate, in values and in keys', () => {
    expect(check('{"Name":"Leg\\u0000"}')).toBe(
      'a text holds a NUL character (\\u0000), which cannot be stored',
    );
    expect(check('{"Leg\\u0000":1}')).toBe('a text holds a NUL character (\\u0000), which cannot be stored');
    expect(check('{"groups":[{"Name":"half \\ud83d"}]}')).toBe(
      'a text holds an unpaired surrogate (\\ud800-\\udfff), which cannot be stored',
    );
  });

  it('refuses numbers numeric cannot hold, which JSON.parse turns into Infinity or 0', () => {
    expect(check('{"Value":1e-20000}')).toBe(NUMBER_REFUSED);
    expect(check('{"extra":[1E+200000]}')).toBe(NUMBER_REFUSED);
    expect(check(`{"Value":${'9'.repeat(1000)}}`)).toBe(NUMBER_REFUSED);
    expect(check('{"Value":1e308,"Min":5e-324}')).toBeUndefined();
  });
});
