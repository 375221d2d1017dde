import { NOTIFICATIONS_TABLE_PAGE_SIZE } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import {
  canExport,
  dateBoundsOf,
  EMPTY_FILTERS,
  exportQueryOf,
  filtersFromLocation,
  isDayDisabled,
  isRangeAllowed,
  listQueryOf,
} from './notification-filters';

const params = (text: string) => new URLSearchParams(text);

describe('filters from the address', () => {
  it('reads the analytics link parameters', () => {
    const filters = filtersFromLocation(
      params(
        'location=4&device=9&event_type=alarm_on&date_created_from=2026-11-01&date_created_to=2026-11-20T10:00:00Z&search=%20belt%20&tab=historical',
      ),
      { isAll: false },
    );
    expect(filters).toEqual({
      tab: 'historical',
      search: 'belt',
      from: '2026-11-01',
      to: '2026-11-20',
      siteId: 4,
      deviceId: 9,
      type: 'alarm_on',
    });
  });

  it('prefers the route scope; /notifications/all has no site or device unless its link names them', () => {
    expect(filtersFromLocation(params('location=4'), { siteId: '12', isAll: false }).siteId).toBe(12);
    expect(filtersFromLocation(params(''), { deviceId: '5', isAll: false }).deviceId).toBe(5);
    const all = filtersFromLocation(params('timestamp=now'), { isAll: true });
    expect(all).toEqual(EMPTY_FILTERS);
    const linked = filtersFromLocation(params('location=4&device=9'), { isAll: true });
    expect([linked.siteId, linked.deviceId]).toEqual([4, 9]);
  });

  it('opens Historical for a dated link without a tab (the analytics links), Active when asked', () => {
    const analytics =
      'location=4&event_type=alarm_on&date_created_from=2026-11-01&date_created_to=2026-11-24';
    expect(filtersFromLocation(params(analytics), { isAll: true }).tab).toBe('historical');
    expect(filtersFromLocation(params(`${analytics}&tab=active`), { isAll: true }).tab).toBe('active');
    expect(filtersFromLocation(params('event_type=alarm_on'), { isAll: true }).tab).toBe('active');
  });

  it('drops what is no filter', () => {
    const filters = filtersFromLocation(
      params('location=-1&device=abc&event_type=fire&date_created_from=yesterday&tab=other'),
      { isAll: false },
    );
    expect(filters).toEqual(EMPTY_FILTERS);
  });

  it('keeps the start of a range longer than 30 days and drops its end', () => {
    const filters = filtersFromLocation(params('date_created_from=2026-10-01&date_created_to=2026-11-20'), {
      isAll: false,
    });
    expect([filters.from, filters.to]).toEqual(['2026-10-01', null]);
  });
});

describe('the 30-day rule', () => {
  it('allows 30 whole days at most', () => {
    expect(isRangeAllowed('2026-11-01', '2026-11-30')).toBe(true);
    expect(isRangeAllowed('2026-11-01', '2026-12-01')).toBe(false);
    expect(isRangeAllowed('2026-11-02', '2026-11-01')).toBe(false);
    expect(isRangeAllowed('2026-02-27', '2026-03-28')).toBe(true);
  });

  it('disables the days more than the range away from the chosen bound, both ways', () => {
    expect(isDayDisabled('2026-12-01', null)).toBe(false);
    expect(isDayDisabled('2026-11-30', '2026-11-01')).toBe(false);
    expect(isDayDisabled('2026-12-01', '2026-11-01')).toBe(true);
    expect(isDayDisabled('2026-10-03', '2026-11-01')).toBe(false);
    expect(isDayDisabled('2026-10-02', '2026-11-01')).toBe(true);
  });
});

describe('query building', () => {
  it('sends 25 rows a page, is_active for Active and -date_created', () => {
    const filters = { ...EMPTY_FILTERS, siteId: 3, type: 'warning_on' as const, search: 'head' };
    expect(listQueryOf(filters, 3, 'UTC')).toEqual({
      limit: NOTIFICATIONS_TABLE_PAGE_SIZE,
      offset: 50,
      is_active: true,
      ordering: '-date_created',
      search: 'head',
      date_created_from: undefined,
      date_created_to: undefined,
      location: 3,
      device: undefined,
      event_type: 'warning_on',
    });
    expect(listQueryOf({ ...EMPTY_FILTERS, tab: 'historical' }, 0, 'UTC')).toMatchObject({
      offset: 0,
      is_active: undefined,
    });
  });

  it('exports only with a date bound, without paging', () => {
    expect(canExport(EMPTY_FILTERS)).toBe(false);
    expect(canExport({ ...EMPTY_FILTERS, to: '2026-11-20' })).toBe(true);
    const query = exportQueryOf(
      { ...EMPTY_FILTERS, tab: 'historical', from: '2026-11-01', to: '2026-11-20' },
      'UTC',
    );
    expect(query).not.toHaveProperty('limit');
    expect(query).toMatchObject({
      date_created_from: '2026-11-01T00:00:00.000Z',
      date_created_to: '2026-11-20T23:59:59.999Z',
    });
  });

  it("reads the picked days as the site's days, not UTC's (issue 23)", () => {
    const filters = { ...EMPTY_FILTERS, from: '2026-11-01', to: '2026-11-20' };
    expect(listQueryOf(filters, 1, 'America/New_York')).toMatchObject({
      date_created_from: '2026-11-01T04:00:00.000Z',
      date_created_to: '2026-11-21T04:59:59.999Z',
    });
  });

  it('keeps a range of 30 days within 30 days across the clocks going back', () => {
    const bounds = dateBoundsOf({ from: '2026-10-10', to: '2026-11-08' }, 'Europe/Berlin');
    const span = Date.parse(bounds.date_created_to ?? '') - Date.parse(bounds.date_created_from ?? '');
    expect(span).toBeLessThanOrEqual(30 * 86_400_000);
  });
});
