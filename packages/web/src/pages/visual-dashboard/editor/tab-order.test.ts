import { describe, expect, it } from 'vitest';
import { reorderTabs } from './tab-order';

describe('the sortable tab strip', () => {
  it('moves a tab onto another tab’s place, forwards and backwards', () => {
    expect(reorderTabs([1, 2, 3, 4], 1, 3).map((tab) => tab.id)).toEqual([2, 3, 1, 4]);
    expect(reorderTabs([1, 2, 3, 4], 4, 2)).toEqual([
      { id: 1, order: 0 },
      { id: 4, order: 1 },
      { id: 2, order: 2 },
      { id: 3, order: 3 },
    ]);
  });

  it('keeps the order for a drop on itself or an unknown tab', () => {
    expect(reorderTabs([1, 2], 2, 2).map((tab) => tab.id)).toEqual([1, 2]);
    expect(reorderTabs([1, 2], 9, 1).map((tab) => tab.id)).toEqual([1, 2]);
  });
});
