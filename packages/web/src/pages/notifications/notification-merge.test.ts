import { describe, expect, it } from 'vitest';
import { listItem, pushItem } from '../../../test/notification-test-data';
import { EMPTY_FILTERS, type NotificationFilters } from './notification-filters';
import { type LiveRows, matchesFilters, mergePush } from './notification-merge';
import { rowFromItem } from './notification-rows';

const live = (...ids: number[]): LiveRows => ({
  rows: ids.map((id) => rowFromItem(listItem(id))),
  countDelta: 0,
  closedSome: false,
});
const ids = (rows: LiveRows) => rows.rows.map((row) => row.id);
const HISTORICAL: NotificationFilters = { ...EMPTY_FILTERS, tab: 'historical' };

describe('merging pushes (M section 4)', () => {
  it('adds a new notification at the front', () => {
    const merged = mergePush(live(10, 9), [pushItem(11)], EMPTY_FILTERS, true);
    expect(ids(merged)).toEqual([11, 10, 9]);
    expect(merged.countDelta).toBe(1);
    expect(merged.rows[0]).toMatchObject({ label: 'Alarm Detected', color: '#F14D49', isActive: true });
  });

  it('removes the entry a pushed notification names as its forebear, without adding it', () => {
    const cleared = pushItem(12, { type: 'alarm_off', is_active: false, forebear_pk: 10 });
    const merged = mergePush(live(11, 10, 9), [cleared], HISTORICAL, true);
    expect(ids(merged)).toEqual([11, 9]);
    expect(merged).toMatchObject({ countDelta: -1, closedSome: true });
  });

  it('keeps only active notifications in the Active tab', () => {
    const instant = pushItem(13, { type: 'device_online', is_active: false });
    expect(ids(mergePush(live(10), [instant], EMPTY_FILTERS, true))).toEqual([10]);
    expect(ids(mergePush(live(10), [instant], HISTORICAL, true))).toEqual([13, 10]);
  });

  it('puts the newest first when one push brings several', () => {
    const merged = mergePush(live(), [pushItem(22), pushItem(21), pushItem(23)], EMPTY_FILTERS, true);
    expect(ids(merged)).toEqual([23, 22, 21]);
  });

  it('adds nothing twice and nothing on later pages, but still removes there', () => {
    expect(ids(mergePush(live(11, 10), [pushItem(11)], EMPTY_FILTERS, true))).toEqual([11, 10]);
    expect(ids(mergePush(live(10), [pushItem(11)], EMPTY_FILTERS, false))).toEqual([10]);
    const cleared = pushItem(12, { type: 'alarm_off', is_active: false, forebear_pk: 10 });
    expect(ids(mergePush(live(10, 9), [cleared], EMPTY_FILTERS, false))).toEqual([9]);
  });

  it('adds only what the filters would list', () => {
    const item = pushItem(30, {
      content: 'Head pulley hot',
      location_pk: 2,
      device_pk: 7,
      type: 'warning_on',
    });
    expect(matchesFilters(item, { ...EMPTY_FILTERS, siteId: 2, deviceId: 7, type: 'warning_on' })).toBe(true);
    expect(matchesFilters(item, { ...EMPTY_FILTERS, siteId: 3 })).toBe(false);
    expect(matchesFilters(item, { ...EMPTY_FILTERS, deviceId: 8 })).toBe(false);
    expect(matchesFilters(item, { ...EMPTY_FILTERS, type: 'alarm_on' })).toBe(false);
    expect(matchesFilters(item, { ...EMPTY_FILTERS, search: 'PULLEY' })).toBe(true);
    expect(matchesFilters(item, { ...EMPTY_FILTERS, search: 'mill' })).toBe(true);
    expect(matchesFilters(item, { ...EMPTY_FILTERS, search: 'kiln' })).toBe(false);
    expect(matchesFilters(item, { ...EMPTY_FILTERS, from: '2026-11-24', to: '2026-11-24' })).toBe(true);
    expect(matchesFilters(item, { ...EMPTY_FILTERS, to: '2026-11-23' })).toBe(false);
    expect(matchesFilters(item, { ...EMPTY_FILTERS, from: '2026-11-25' })).toBe(false);
  });
});
