import { describe, expect, it } from 'vitest';
import { uniqueViolationOf } from './unique-violation';

describe('uniqueViolationOf', () => {
  it('finds the constraint of a unique violation, also inside Drizzle’s wrapping error', () => {
    const pgError = { code: '23505', constraint: 'clients_number_unique' };
    expect(uniqueViolationOf(pgError)).toBe('clients_number_unique');
    expect(uniqueViolationOf(new Error('Failed query', { cause: pgError }))).toBe('clients_number_unique');
  });

  it('ignores other errors', () => {
    expect(uniqueViolationOf(new Error('boom'))).toBeUndefined();
    expect(uniqueViolationOf({ code: '23503', constraint: 'fk' })).toBeUndefined();
    expect(uniqueViolationOf(null)).toBeUndefined();
  });
});
