import { describe, expect, it } from 'vitest';
import { findUnstorableText } from './storable-message';

const check = (json: string) => findUnstorableText(json, JSON.parse(json));

describe('findUnstorableText (what PostgreSQL refuses in text and jsonb)', () => {
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

  it('walks an array of 130,000 elements (a 256 KB message) without overflowing the stack', () => {
    const json = `{"Name":"Leg\\u0000","extra":[${new Array(130_000).fill(0).join(',')}]}`;
    expect(check(json)).toBe('a text holds a NUL character (\\u0000), which cannot be stored');
  });
});
