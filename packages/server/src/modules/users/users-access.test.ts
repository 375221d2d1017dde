import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/tables/users.table';
import { assertCanSetRoles, changedRoleFlags, permissionRank } from './users-access';
import { containsPattern } from './users-list.repo';
import { changedProfile } from './users-update.service';

const person = {
  id: 7,
  firstName: 'Uma',
  lastName: 'Patel',
  email: 'uma@example.test',
  company: 'Northfield',
  phone: '1',
  address: 'Road',
  isSuperuser: false,
  isOem: false,
  isAccountsManagement: false,
  isManager: false,
  isEngineer: false,
} as UserRow;

describe('assigned-user rules', () => {
  it('ranks permissions User < Engineer < Manager', () => {
    expect(permissionRank('User')).toBeLessThan(permissionRank('Engineer'));
    expect(permissionRank('Engineer')).toBeLessThan(permissionRank('Manager'));
  });

  it('reports only role flags that change, and only true ones for a new person', () => {
    expect(changedRoleFlags({ is_manager: false, is_engineer: true }, person)).toEqual({ isEngineer: true });
    expect(changedRoleFlags({ is_manager: false, is_oem: true })).toEqual({ isOem: true });
  });

  it('lets only a superuser grant superuser or OEM, and nobody change their own flags unless staff', () => {
    const accounts = { ...person, isAccountsManagement: true };
    const oem = { ...person, isOem: true };
    expect(() => assertCanSetRoles(oem, { isOem: true }, { managesPerson: true, isSelf: false })).toThrow();
    expect(() =>
      assertCanSetRoles(accounts, { isManager: true }, { managesPerson: true, isSelf: true }),
    ).toThrow();
    expect(() =>
      assertCanSetRoles(accounts, { isManager: true }, { managesPerson: false, isSelf: false }),
    ).toThrow();
    expect(() =>
      assertCanSetRoles(accounts, { isManager: true }, { managesPerson: true, isSelf: false }),
    ).not.toThrow();
    expect(() => assertCanSetRoles(person, {}, { managesPerson: false, isSelf: true })).not.toThrow();
  });

  it('reports only profile fields that change, splitting the full name', () => {
    expect(changedProfile({ full_name: 'Uma Patel', email: 'uma@example.test', phone: '1' }, person)).toEqual(
      {},
    );
    expect(changedProfile({ full_name: 'Uma K Patel', address: '' }, person)).toEqual({
      firstName: 'Uma',
      lastName: 'K Patel',
      address: '',
    });
  });

  it('escapes LIKE wildcards in the filter', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
