import { describe, expect, it } from 'vitest';
import { judgeAccountAuthority } from './account-authority';

const person = (
  id: number,
  roles: Partial<Record<'isSuperuser' | 'isOem' | 'isAccountsManagement', boolean>> = {},
) => ({
  id,
  isSuperuser: false,
  isOem: false,
  isAccountsManagement: false,
  isManager: false,
  isEngineer: false,
  ...roles,
});

const A = 1;
const B = 2;
const adminOf = (...clients: number[]) => ({ member: clients, administered: clients });

describe('account authority', () => {
  const target = person(10);

  it('gives the administrator of the only client the account and the profile', () => {
    expect(judgeAccountAuthority(person(1, { isAccountsManagement: true }), target, adminOf(A), [A])).toEqual(
      {
        holdsAccount: true,
        seesProfile: true,
      },
    );
  });

  it('gives the administrator of one of two clients neither', () => {
    expect(
      judgeAccountAuthority(person(1, { isAccountsManagement: true }), target, adminOf(B), [A, B]),
    ).toEqual({
      holdsAccount: false,
      seesProfile: false,
    });
  });

  it('gives whoever administers both clients the account', () => {
    const actor = person(1, { isAccountsManagement: true });
    expect(judgeAccountAuthority(actor, target, adminOf(A, B), [A, B]).holdsAccount).toBe(true);
  });

  it('shows a fellow member of every client the profile but not the account', () => {
    expect(judgeAccountAuthority(person(1), target, { member: [A, B], administered: [] }, [A, B])).toEqual({
      holdsAccount: false,
      seesProfile: true,
    });
  });

  it('needs the accounts management role besides the per-client flag', () => {
    expect(judgeAccountAuthority(person(1), target, adminOf(A), [A]).holdsAccount).toBe(false);
  });

  it('never hands a staff account to a client administrator, nor to OEM', () => {
    const staff = person(10, { isOem: true });
    expect(
      judgeAccountAuthority(person(1, { isAccountsManagement: true }), staff, adminOf(A), [A]).holdsAccount,
    ).toBe(false);
    expect(judgeAccountAuthority(person(2, { isOem: true }), staff, adminOf(), []).holdsAccount).toBe(false);
    expect(judgeAccountAuthority(person(3, { isSuperuser: true }), staff, adminOf(), []).holdsAccount).toBe(
      true,
    );
  });

  it('gives nobody but staff a person of no client', () => {
    expect(judgeAccountAuthority(person(1, { isAccountsManagement: true }), target, adminOf(A), [])).toEqual({
      holdsAccount: false,
      seesProfile: false,
    });
  });

  it('always shows a person their own profile', () => {
    expect(judgeAccountAuthority(target, target, { member: [], administered: [] }, []).seesProfile).toBe(
      true,
    );
  });
});
