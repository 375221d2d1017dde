import type { NotificationType } from '@vigil/contracts';
import { RANGE_DAYS } from './options';

/**
 * The shape of the seeded log: which sites are busy, how often each type happens, and the (site, range) of
 * each timed request. Pure, so it is unit-tested and the same seed gives the same requests.
 */

export const DAY_MS = 86_400_000;
export const RANGE_MS = RANGE_DAYS * DAY_MS;
/** A tenth of the sites make three quarters of the notifications (real logs are heavy-tailed). */
export const BUSY_SHARE = 0.75;
/** Slots of the weighted site table the seed SQL picks from (one random slot per row). */
export const SITE_SLOTS = 10_000;
export const DEVICES_PER_SITE = 4;
export const CLIENTS = 8;
/** Share of the opening rows (alarm_on, warning_on, device_offline) still active. */
export const ACTIVE_SHARE = 0.03;

/** How often each type happens: alarms and warnings most, then online/offline, then the rest. */
export const TYPE_WEIGHTS: ReadonlyArray<readonly [NotificationType, number]> = [
  ['alarm_on', 0.22],
  ['alarm_off', 0.21],
  ['warning_on', 0.17],
  ['warning_off', 0.16],
  ['device_offline', 0.06],
  ['device_online', 0.06],
  ['maintenance', 0.04],
  ['power_up', 0.03],
  ['sn2_status_change', 0.02],
  ['sensor_disappeared', 0.01],
  ['device_administration', 0.01],
  ['test', 0.005],
  ['site_administration', 0.005],
];

export const busySiteCount = (sites: number) => Math.max(1, Math.round(sites / 10));

/** Share of all rows each site gets: the busy ones (the first `busySiteCount`) split BUSY_SHARE. */
export function siteShares(sites: number): number[] {
  const busy = busySiteCount(sites);
  return Array.from({ length: sites }, (_, index) =>
    index < busy ? BUSY_SHARE / busy : (1 - BUSY_SHARE) / (sites - busy),
  );
}

/** SITE_SLOTS site indexes (0-based), each site holding slots in proportion to its share (largest remainder). */
export function siteSlots(sites: number): number[] {
  const exact = siteShares(sites).map((share) => share * SITE_SLOTS);
  const counts = exact.map(Math.floor);
  let left = SITE_SLOTS - counts.reduce((sum, n) => sum + n, 0);
  const byRemainder = exact.map((value, index) => ({ index, rest: value - Math.floor(value) }));
  byRemainder.sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) {
      break;
    }
    counts[index] = (counts[index] ?? 0) + 1;
    left -= 1;
  }
  return counts.flatMap((count, index) => Array.from({ length: count }, () => index));
}

export const typeWeight = (type: NotificationType) =>
  TYPE_WEIGHTS.find(([candidate]) => candidate === type)?.[1] ?? 0;

/** Rows of one type expected at a busy site in a range of RANGE_DAYS. */
export function expectedBusyRange(rows: number, sites: number, days: number, type: NotificationType): number {
  return ((rows * BUSY_SHARE) / busySiteCount(sites)) * typeWeight(type) * (RANGE_DAYS / days);
}

/** A small seeded PRNG (mulberry32): the same seed, the same requests. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type DateRange = { from: Date; to: Date };

/** A RANGE_DAYS range starting on a random whole minute inside the history [fromMs, toMs]. */
export function randomRange(random: () => number, fromMs: number, toMs: number): DateRange {
  const latestStart = toMs - RANGE_MS;
  if (latestStart < fromMs) {
    throw new Error(`the history (${(toMs - fromMs) / DAY_MS} days) is shorter than the range`);
  }
  const start = Math.floor((fromMs + random() * (latestStart - fromMs)) / 60_000) * 60_000;
  return { from: new Date(start), to: new Date(start + RANGE_MS) };
}

export const pickOne = <T>(random: () => number, items: readonly T[]): T => {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) {
    throw new Error('nothing to pick from');
  }
  return item;
};
