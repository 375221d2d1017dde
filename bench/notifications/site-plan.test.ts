import { describe, expect, it } from 'vitest';
import { typeTable } from './seed-sql';
import {
  BUSY_SHARE,
  busySiteCount,
  DAY_MS,
  expectedBusyRange,
  RANGE_MS,
  randomRange,
  SITE_SLOTS,
  seededRandom,
  siteShares,
  siteSlots,
  TYPE_WEIGHTS,
} from './site-plan';

describe('the seeded log', () => {
  it('gives a tenth of the sites three quarters of the rows', () => {
    expect(busySiteCount(200)).toBe(20);
    const shares = siteShares(200);
    expect(shares.slice(0, 20).reduce((sum, share) => sum + share, 0)).toBeCloseTo(BUSY_SHARE);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBeCloseTo(1);
  });

  it('fills every slot, each site in proportion to its share', () => {
    const slots = siteSlots(200);
    expect(slots).toHaveLength(SITE_SLOTS);
    const perSite = new Map<number, number>();
    for (const site of slots) {
      perSite.set(site, (perSite.get(site) ?? 0) + 1);
    }
    expect(perSite.size).toBe(200);
    expect(perSite.get(0)).toBe(375);
    expect([13, 14]).toContain(perSite.get(199));
  });

  it('weighs the types to 1, alarms and warnings most', () => {
    expect(TYPE_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0)).toBeCloseTo(1);
    expect(TYPE_WEIGHTS.slice(0, 4).map(([type]) => type)).toEqual([
      'alarm_on',
      'alarm_off',
      'warning_on',
      'warning_off',
    ]);
    expect(typeTable()).toContain("('alarm_on', 'Alarm Detected', true, true, 0::float8, 0.22::float8)");
    expect(typeTable()).toContain("('device_offline', 'Device offline', true, false,");
  });

  it('reaches page 200 of a 30-day range at a busy site with the default run', () => {
    expect(expectedBusyRange(5_000_000, 200, 180, 'alarm_on')).toBeGreaterThan(200 * 25 * 1.2);
  });
});

describe('the requests', () => {
  it('are the same for the same seed and fall inside the history', () => {
    const a = seededRandom(12);
    const b = seededRandom(12);
    const from = Date.UTC(2026, 0, 1);
    const to = from + 180 * DAY_MS;
    for (let i = 0; i < 100; i += 1) {
      const range = randomRange(a, from, to);
      expect(randomRange(b, from, to)).toEqual(range);
      expect(range.to.getTime() - range.from.getTime()).toBe(RANGE_MS);
      expect(range.from.getTime()).toBeGreaterThanOrEqual(from);
      expect(range.to.getTime()).toBeLessThanOrEqual(to);
    }
  });

  it('refuses a history shorter than the range', () => {
    expect(() => randomRange(seededRandom(1), 0, 10 * DAY_MS)).toThrow('shorter than the range');
  });
});
