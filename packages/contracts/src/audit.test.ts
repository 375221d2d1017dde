import { describe, expect, it } from 'vitest';
import { AUDIT_KINDS, AuditQuerySchema, auditDiff, auditValueText, mayReadAudit } from './audit';

describe('the audit contracts', () => {
  it('lists only the fields that changed, an empty text being no value', () => {
    expect(auditDiff({ title: 'Dryer 1', email: '', k: 1 }, { title: 'Dryer 2', email: null, k: 1 })).toEqual(
      [{ field: 'title', before: 'Dryer 1', after: 'Dryer 2' }],
    );
    expect(auditDiff(null, { title: 'New', mobile: '' })).toEqual([
      { field: 'title', before: null, after: 'New' },
    ]);
    expect(auditDiff({ title: 'Gone' }, null)).toEqual([{ field: 'title', before: 'Gone', after: null }]);
  });

  it('writes values as a person reads them', () => {
    expect(auditValueText(null)).toBe('—');
    expect(auditValueText('')).toBe('—');
    expect(auditValueText(false)).toBe('false');
    expect(auditValueText({ type: 'BOOL' })).toBe('{"type":"BOOL"}');
  });

  it('takes several kinds and refuses an unknown one and a range over 30 days', () => {
    expect(AuditQuerySchema.parse({ kind: 'user.created,site.changed' }).kind).toEqual([
      'user.created',
      'site.changed',
    ]);
    expect(AuditQuerySchema.safeParse({ kind: 'user.exploded' }).success).toBe(false);
    expect(AuditQuerySchema.safeParse({ date_from: '2026-01-01', date_to: '2026-01-30' }).success).toBe(true);
    expect(AuditQuerySchema.safeParse({ date_from: '2026-01-01', date_to: '2026-02-01' }).success).toBe(
      false,
    );
    expect(AUDIT_KINDS).toContain('escalation-policy.changed');
  });

  it('lets managers, accounts management and staff read the trail', () => {
    const nobody = { is_superuser: false, is_oem: false, is_accounts_management: false, is_manager: false };
    expect(mayReadAudit(nobody)).toBe(false);
    for (const flag of ['is_superuser', 'is_oem', 'is_accounts_management', 'is_manager'] as const) {
      expect(mayReadAudit({ ...nobody, [flag]: true })).toBe(true);
    }
  });
});
