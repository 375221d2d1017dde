import type { LayoutSensor } from './sensor-store';

/**
 * Which groups' cards are in the DOM (docs/performance.md 'Live dashboard'): a device of 500 sensors would
 * otherwise keep 500 cards, whose elements every style pass, layout walk and garbage collection visits. A
 * group mounts its cards while it is within half a screen of the viewport (on-screen.ts `MOUNT_MARGIN`), and
 * stands in for them with an empty box of their height otherwise.
 */

/**
 * Cards mounted at first, before the observer has said which groups are near (it says so at the next
 * frame): more than a 1440 × 900 screen holds, so the first screen never flashes empty; every stock
 * device of the demo fits whole.
 */
export const INITIAL_CARDS = 120;

/** A card's box (dashboard.module.css .card, .cards): 200 px wide, at least 88 px high, 10 px apart. */
const CARD = { width: 200, height: 88, gap: 10 };

type WindowedGroup = { key: string; sensors: readonly LayoutSensor[]; groups: readonly WindowedGroup[] };

/**
 * The keys of the groups whose cards mount at first: in the order the page shows them, each group whose cards
 * start before `budget` cards (the page's own cards first). Null when every card fits in the budget: a small
 * device (every stock device of the demo) keeps all its cards mounted and is not windowed at all, so the
 * whole page is drawn, for a full-page print or screenshot and for find-in-page.
 */
export function initiallyMountedGroups(
  groups: readonly WindowedGroup[],
  cardsBefore = 0,
  budget = INITIAL_CARDS,
): Set<string> | null {
  const keys = new Set<string>();
  let count = cardsBefore;
  const visit = (group: WindowedGroup) => {
    if (count < budget) {
      keys.add(group.key);
    }
    count += group.sensors.length;
    for (const child of group.groups) {
      visit(child);
    }
  };
  for (const group of groups) {
    visit(group);
  }
  return count <= budget ? null : keys;
}

/**
 * The height of `cards` cards in a row-wrapping box of `width` px (null: not known, one card a row, as in a
 * node group at 1440 and at 900 px): what a group shows in their place before they were ever measured.
 */
export function estimatedCardsHeight(cards: number, width: number | null): number {
  if (cards <= 0) {
    return 0;
  }
  const perRow = width === null ? 1 : Math.max(1, Math.floor((width + CARD.gap) / (CARD.width + CARD.gap)));
  const rows = Math.ceil(cards / perRow);
  return rows * CARD.height + (rows - 1) * CARD.gap;
}
