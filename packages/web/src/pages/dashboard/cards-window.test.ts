import { describe, expect, it } from 'vitest';
import { estimatedCardsHeight, initiallyMountedGroups } from './cards-window';
import type { LayoutSensor } from './sensor-store';

const sensors = (count: number): LayoutSensor[] =>
  Array.from({ length: count }, (_, at) => ({
    fullId: `d.g.${at}`,
    leafId: String(at),
    name: 'S',
    hideReason: null,
  }));

const node = (key: string, count: number) => ({ key, sensors: sensors(count), groups: [] });

describe('initiallyMountedGroups', () => {
  it('mounts the groups whose cards start within the budget, in page order, nested groups included', () => {
    const groups = [
      node('system', 6),
      { key: 'net1', sensors: [], groups: [node('n1', 4), node('n2', 4), node('n3', 4)] },
      node('tail', 2),
    ];
    expect([...(initiallyMountedGroups(groups, 0, 10) ?? [])]).toEqual(['system', 'net1', 'n1']);
    // n2 starts at the 10th card: outside a budget of 10, inside one of 11.
    expect([...(initiallyMountedGroups(groups, 0, 11) ?? [])]).toEqual(['system', 'net1', 'n1', 'n2']);
    // The page's own cards come first.
    expect([...(initiallyMountedGroups(groups, 8, 10) ?? [])]).toEqual(['system']);
  });

  it('does not window a small device: all its cards stay mounted', () => {
    const groups = [node('system', 6), { key: 'net1', sensors: [], groups: [node('n1', 4), node('n2', 4)] }];
    expect(initiallyMountedGroups(groups)).toBeNull();
    expect(initiallyMountedGroups(groups, 0, 14)).toBeNull();
    expect(initiallyMountedGroups(groups, 0, 13)?.size).toBe(4);
  });
});

describe('estimatedCardsHeight', () => {
  it('stacks the cards one a row when the width is not known', () => {
    expect(estimatedCardsHeight(0, null)).toBe(0);
    expect(estimatedCardsHeight(1, null)).toBe(88);
    expect(estimatedCardsHeight(4, null)).toBe(4 * 88 + 3 * 10);
  });

  it('wraps as many 200 px cards as fit, 10 px apart', () => {
    expect(estimatedCardsHeight(4, 409)).toBe(4 * 88 + 3 * 10);
    expect(estimatedCardsHeight(4, 410)).toBe(2 * 88 + 10);
    expect(estimatedCardsHeight(5, 860)).toBe(2 * 88 + 10);
    expect(estimatedCardsHeight(3, 50)).toBe(3 * 88 + 2 * 10);
  });
});
