import { AUDIT_REDACTED, type AuditValues } from '@vigil/contracts';

/**
 * The redaction rule of the audit trail (docs/audit.md 'Secrets'): before and after never hold a secret. A field
 * whose name says it holds one (a password or its hash, a token, a secret, a key, an access code, a TOTP seed) is
 * written as '[redacted]' wherever it sits (nested objects and lists included), so a change of it still shows that
 * it changed, but not to what. A service that forgets to leave a secret out is caught here, in one place.
 */
const SECRET_FIELD =
  /(pass(word|wd)?|hash|secret|token|(^|[_-])key$|^key$|api[_-]?key|auth[_-]?key|activation[_-]?key|access[_-]?code|totp|otp[_-]?seed|seed|credential|private)/i;

/** Whether a field of before/after names a secret. */
export function isSecretField(name: string): boolean {
  // camelCase names (passwordHash, authKey) read as their snake_case forms.
  const snake = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2');
  return SECRET_FIELD.test(snake);
}

function redactValue(value: unknown, depth: number): unknown {
  if (depth > 20) {
    return AUDIT_REDACTED;
  }
  if (Array.isArray(value)) {
    return value.map((item) => redactValue(item, depth + 1));
  }
  if (value instanceof Date) {
    return value.toISOString();
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([field, inner]) => [
        field,
        isSecretField(field) ? AUDIT_REDACTED : redactValue(inner, depth + 1),
      ]),
    );
  }
  if (typeof value === 'bigint') {
    return value.toString();
  }
  return value;
}

/** Before or after as stored: secrets redacted, dates as ISO text, undefined fields left out. */
export function redactAuditValues(values: Record<string, unknown> | null): AuditValues {
  if (values === null) {
    return null;
  }
  const defined = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  return redactValue(defined, 0) as AuditValues;
}
