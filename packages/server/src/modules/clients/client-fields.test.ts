import { describe, expect, it } from 'vitest';
import { sortOf, toClientPatch } from './client-fields';

describe('client fields', () => {
  it('orders by company ascending unless told otherwise', () => {
    expect(sortOf(undefined)).toEqual({ field: 'company', descending: false });
    expect(sortOf('-company')).toEqual({ field: 'company', descending: true });
    expect(sortOf('full_name')).toEqual({ field: 'fullName', descending: false });
    expect(sortOf('-date_created')).toEqual({ field: 'dateCreated', descending: true });
  });

  it('changes only the fields a PATCH sends, null included', () => {
    expect(toClientPatch({ phone: '1', alternative_name: null })).toEqual({
      phone: '1',
      alternativeName: null,
    });
    expect(toClientPatch({})).toEqual({});
  });
});
