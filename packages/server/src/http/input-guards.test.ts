import { COMMON_MESSAGES } from '@vigil/contracts';
import { describe, expect, it, vi } from 'vitest';
import { assertStorableUpload, findUnstorableField, unstorableTextIssue } from './input-guards';

const nul = COMMON_MESSAGES.nullCharacter;
const surrogate = COMMON_MESSAGES.unpairedSurrogate;

describe('findUnstorableField', () => {
  it('names the top-level field that holds a NUL character anywhere inside it', () => {
    expect(findUnstorableField({ title: 'ok', address: 'a\u0000b' })).toEqual({
      field: 'address',
      message: nul,
    });
    expect(findUnstorableField({ location_access: [{ permission: 'User\u0000' }] })).toEqual({
      field: 'location_access',
      message: nul,
    });
    expect(findUnstorableField('plain\u0000')).toEqual({ field: 'non_field_errors', message: nul });
    expect(findUnstorableField({ 'k\u0000': 1 })).toEqual({ field: 'k\u0000', message: nul });
  });

  it('names the field that holds an unpaired UTF-16 surrogate, in a value or a key', () => {
    expect(findUnstorableField({ networks: { 1: 'Belt \ud83d' } })).toEqual({
      field: 'networks',
      message: surrogate,
    });
    expect(findUnstorableField({ sensor_names: { '\udc00x': 'Name' } })).toEqual({
      field: 'sensor_names',
      message: surrogate,
    });
  });

  it('passes clean input, whole surrogate pairs, numbers and nulls', () => {
    expect(findUnstorableField({ a: 'x', b: 1, c: null, d: [true, { e: 'y 🙂' }] })).toBeUndefined();
    expect(findUnstorableField(undefined)).toBeUndefined();
  });

  it('does not walk a byte body (HTTP ingest reads its Buffer itself), whatever it carries', () => {
    const body = Object.assign(Buffer.from('{"a":1}'), { extra: 'x\u0000' });
    const entries = vi.spyOn(Object, 'entries');
    try {
      expect(findUnstorableField(body)).toBeUndefined();
      expect(entries).not.toHaveBeenCalled();
    } finally {
      entries.mockRestore();
    }
  });
});

describe('unstorableTextIssue', () => {
  it('tells a NUL from a lone high or low surrogate, and passes pairs', () => {
    expect(unstorableTextIssue('a\u0000')).toBe(nul);
    expect(unstorableTextIssue('end \ud800')).toBe(surrogate);
    expect(unstorableTextIssue('\udfff start')).toBe(surrogate);
    expect(unstorableTextIssue('\ud83d\ude00')).toBeUndefined();
  });

  it('refuses an uploaded text with a 400 on its field', () => {
    expect(() => assertStorableUpload('sensor_id,name\r\nU.1,a\u0000b\r\n', 'file')).toThrowError(
      expect.objectContaining({ code: 'validation', fields: { file: [nul] } }),
    );
    expect(() => assertStorableUpload('sensor_id,name\r\n', 'file')).not.toThrow();
  });
});
