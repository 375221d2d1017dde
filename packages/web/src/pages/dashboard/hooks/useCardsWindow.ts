import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { estimatedCardsHeight } from '../cards-window';
import { MOUNT_MARGIN, watchOnScreen } from '../on-screen';

export type CardsWindow = {
  /** Whether the group's cards are in the DOM. */
  isMounted: boolean;
  /** The height of the box standing in for them (px), while they are not. */
  placeholderHeight: number;
  /** Mounts the cards at once (the placeholder got keyboard focus). */
  mount: () => void;
};

/**
 * A group's cards in the DOM only within half a screen of the viewport (cards-window.ts, on-screen.ts): they
 * mount when the group comes that near and unmount when it leaves, their height kept for the box that stands
 * in for them, so the scroll bar and what follows stay where they were. `section` is the group's
 * element, `box` the cards' box or the placeholder (whichever is mounted).
 */
export function useCardsWindow(
  section: RefObject<HTMLElement | null>,
  box: RefObject<HTMLElement | null>,
  cardCount: number,
  /** The groups mounted at first (cards-window.ts initiallyMountedGroups); null: no window, all mounted. */
  mountedAtFirst: ReadonlySet<string> | null,
  groupKey: string,
): CardsWindow {
  const isWindowed = mountedAtFirst !== null;
  const [isMounted, setIsMounted] = useState(mountedAtFirst?.has(groupKey) ?? true);
  const measured = useRef<{ cards: number; height: number } | null>(null);
  const width = useRef<number | null>(null);
  const hasCards = cardCount > 0;
  useLayoutEffect(() => {
    const element = section.current;
    if (element === null || !hasCards || !isWindowed) {
      if (!isWindowed) {
        setIsMounted(true);
      }
      return undefined;
    }
    let isStarting = true;
    const stop = watchOnScreen(
      element,
      (isNear) => {
        const current = box.current;
        if (current !== null) {
          // Read before the cards go: their box is laid out already.
          width.current = current.offsetWidth;
          if (current.dataset.cards === 'mounted') {
            measured.current = { cards: current.childElementCount, height: current.offsetHeight };
          }
        }
        if (isStarting) {
          setIsMounted(isNear);
        } else {
          // Measured before a frame (on-screen.ts): the cards are there for that frame.
          flushSync(() => setIsMounted(isNear));
        }
      },
      { margin: MOUNT_MARGIN, waitForFirst: true },
    );
    isStarting = false;
    return stop;
  }, [section, box, hasCards, isWindowed]);
  const known = measured.current;
  return {
    isMounted: isMounted || !hasCards,
    placeholderHeight:
      known !== null && known.cards === cardCount
        ? known.height
        : estimatedCardsHeight(cardCount, width.current),
    mount: () => flushSync(() => setIsMounted(true)),
  };
}
