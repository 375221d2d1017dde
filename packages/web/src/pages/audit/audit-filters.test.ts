import { describe, expect, it } from 'vitest';
import { auditListQuery, canExportAudit, EMPTY_AUDIT_FILTERS } from './audit-filters';

describe('the audit page filters', () => {
  it('sends the page, site, person and kind, and no dates when none are picked', () => {
    const filters = { ...EMPTY_AUDIT_FILTERS, siteId: 3, personId: 9, kind: 'warning.changed' as const };
    expect(auditListQuery(filters, 2, 'UTC')).toEqual({
      limit: 25,
      offset: 25,
      location: 3,
      person: 9,
      kind: 'warning.changed',
      date_from: undefined,
      date_to: undefined,
    });
  });

  it("reads the picked days in the labelled zone (a site's day, not UTC's)", () => {
    const query = auditListQuery(
      { ...EMPTY_AUDIT_FILTERS, from: '2026-11-01', to: '2026-11-02' },
      1,
      'Europe/Berlin',
    );
    expect(query.date_from).toBe('2026-10-31T23:00:00.000Z');
    expect(query.date_to).toBe('2026-11-02T22:59:59.999Z');
  });

  it('exports only with a date bound', () => {
    expect(canExportAudit(EMPTY_AUDIT_FILTERS)).toBe(false);
    expect(canExportAudit({ ...EMPTY_AUDIT_FILTERS, to: '2026-11-02' })).toBe(true);
  });
});
