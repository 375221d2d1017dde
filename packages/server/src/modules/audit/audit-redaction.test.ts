import { AUDIT_REDACTED } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { isSecretField, redactAuditValues } from './audit-redaction';

describe('the audit redaction rule', () => {
  it('names passwords, hashes, tokens, keys, access codes and seeds as secrets', () => {
    for (const name of [
      'password',
      'passwordHash',
      'password_hash',
      'new_password1',
      'token',
      'refreshToken',
      'secret',
      'authKey',
      'activation_key',
      'activationKey',
      'access_code',
      'accessCode',
      'api_key',
      'totp_seed',
      'key',
    ]) {
      expect(isSecretField(name), name).toBe(true);
    }
  });

  it('leaves the fields people change readable', () => {
    for (const name of [
      'email',
      'first_name',
      'title',
      'timezone',
      'sensor_id',
      'name',
      'permission',
      'keyword',
    ]) {
      expect(isSecretField(name), name).toBe(false);
    }
  });

  it('redacts secrets wherever they sit, keeping the rest', () => {
    const redacted = redactAuditValues({
      email: 'ann@example.com',
      passwordHash: '$argon2id$v=19$...',
      nested: { access_code: '1234', title: 'Dryer' },
      list: [{ token: 'abc', name: 'one' }],
      when: new Date('2026-11-28T10:00:00.000Z'),
      gone: undefined,
    });
    expect(redacted).toEqual({
      email: 'ann@example.com',
      passwordHash: AUDIT_REDACTED,
      nested: { access_code: AUDIT_REDACTED, title: 'Dryer' },
      list: [{ token: AUDIT_REDACTED, name: 'one' }],
      when: '2026-11-28T10:00:00.000Z',
    });
    expect(JSON.stringify(redacted)).not.toContain('argon2');
    expect(JSON.stringify(redacted)).not.toContain('1234');
  });

  it('keeps null (a creation has no before, a deletion no after)', () => {
    expect(redactAuditValues(null)).toBeNull();
  });
});
