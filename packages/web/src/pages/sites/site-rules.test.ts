import type { Me } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { activationUrl, changedAccess, hasEditAccess, managesClient, offsetAfterRemoval } from './site-rules';

const nobody: Pick<
  Me,
  'is_superuser' | 'is_oem' | 'is_accounts_management' | 'is_manager' | 'is_engineer' | 'locations_roles'
> = {
  is_superuser: false,
  is_oem: false,
  is_accounts_management: false,
  is_manager: false,
  is_engineer: false,
  locations_roles: {},
};

describe('site rules', () => {
  it('gives edit access to staff, edit roles and site Engineers or Managers, not to plain users', () => {
    expect(hasEditAccess(nobody)).toBe(false);
    expect(hasEditAccess({ ...nobody, locations_roles: { '1': 'User' } })).toBe(false);
    expect(hasEditAccess({ ...nobody, is_oem: true })).toBe(true);
    expect(hasEditAccess({ ...nobody, is_manager: true })).toBe(true);
    expect(hasEditAccess({ ...nobody, locations_roles: { '1': 'User', '2': 'Engineer' } })).toBe(true);
  });

  it('lets only staff and accounts management manage the client', () => {
    expect(managesClient({ ...nobody, is_manager: true })).toBe(false);
    expect(managesClient({ ...nobody, is_accounts_management: true })).toBe(true);
    expect(managesClient({ ...nobody, is_superuser: true })).toBe(true);
  });

  it('sends only the editable sites whose access or permission changed', () => {
    const original = [
      { location_id: 1, has_access: true, permission: 'User' as const },
      { location_id: 2, has_access: true, permission: 'Manager' as const },
    ];
    const current = new Map([
      [1, { has_access: true, permission: 'Engineer' as const }],
      [2, { has_access: true, permission: 'Manager' as const }],
      [3, { has_access: true, permission: 'User' as const }],
      [4, { has_access: false, permission: 'Manager' as const }],
      [5, { has_access: true, permission: 'User' as const }],
    ]);
    expect(changedAccess(original, current, [1, 2, 3, 4])).toEqual([
      { location_id: 1, has_access: true, permission: 'Engineer' },
      { location_id: 3, has_access: true, permission: 'User' },
    ]);
  });

  it('steps back a page when a removal empties the last one', () => {
    expect(offsetAfterRemoval(20, 20)).toBe(0);
    expect(offsetAfterRemoval(20, 25)).toBe(20);
    expect(offsetAfterRemoval(0, 0)).toBe(0);
    expect(offsetAfterRemoval(40, 39)).toBe(20);
  });

  it('builds the activation link on the origin', () => {
    expect(activationUrl('https://vigil.example/', 'abc')).toBe(
      'https://vigil.example/register/activate/abc',
    );
  });
});
