import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';
import { checkPasswordRules, PASSWORD_RULE_MESSAGES as M, similarity } from './password-rules';

const person = { email: 'rita.hayes@acme-grain.test', firstName: 'Rita', lastName: 'Hayes' };
const check = (password: string) => checkPasswordRules(password, person, isCommonPassword);

describe('password rules', () => {
  it('accepts a long password with a digit and an uppercase letter', () => {
    expect(check('Bucket-Elevator-7')).toEqual([]);
  });

  it('names each broken rule', () => {
    expect(check('Ab1')).toEqual([M.tooShort]);
    expect(check('nouppercase1')).toEqual([M.noUppercase]);
    expect(check('NoDigitsHere')).toEqual([M.noDigit]);
    expect(check('1234567890')).toEqual(
      expect.arrayContaining([M.noUppercase, M.entirelyNumeric, M.tooCommon]),
    );
  });

  it('refuses common passwords from the shipped list, whatever their case', () => {
    expect(isCommonPassword('Password1')).toBe(true);
    expect(check('Password1')).toContain(M.tooCommon);
    expect(check('Qwerty123')).toContain(M.tooCommon);
  });

  it('refuses passwords too similar to the name or e-mail', () => {
    expect(check('RitaHayes1')).toContain(M.tooSimilar);
    expect(check('Acme-Grain1')).toContain(M.tooSimilar);
    expect(check('Conveyor-2026')).not.toContain(M.tooSimilar);
  });

  it('computes a similarity ratio between 0 and 1', () => {
    expect(similarity('abc', 'abc')).toBe(1);
    expect(similarity('abc', 'xyz')).toBe(0);
    expect(similarity('', '')).toBe(1);
  });
});
