import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../messages';
import { passwordProblem } from './password-rules';

describe('passwordProblem', () => {
  it('accepts eight characters with a digit and an uppercase letter', () => {
    expect(passwordProblem('Conveyor9')).toBeNull();
  });

  it('names the first rule a password breaks', () => {
    expect(passwordProblem('Ab1')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('Elevators')).toBe(PASSWORD_MESSAGES.noDigit);
    expect(passwordProblem('elevator9')).toBe(PASSWORD_MESSAGES.noUppercase);
  });
});
