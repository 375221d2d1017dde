/**
 * Tells whether an element is on screen, within a margin: one IntersectionObserver for the page, one
 * observed element per group whose cards listen (not one per card). A card writes live readings only while its
 * group is on screen: cards are mounted up to about a screen beyond the viewport (cards-window.ts), and
 * readings written there would cost layout and paint for nothing seen (docs/performance.md 'Live dashboard').
 */
type Listener = (isOnScreen: boolean) => void;

/** Marks a group of cards: a card follows the on-screen state of the nearest element so marked. */
export const GROUP_ATTRIBUTE = 'data-cards-group';
/** `isKnown`: the observer has spoken of the element (it does for each at its next frame). */
type Entry = { isOnScreen: boolean; isKnown: boolean; listeners: Set<Listener> };

/** Beyond the viewport, so that a group scrolled in has caught up before it shows. */
export const ON_SCREEN_MARGIN = '200px 0px';
/** A group's cards are in the DOM within about a screen of the viewport (cards-window.ts). */
export const MOUNT_MARGIN = '100% 0px';

type Watched = { observer: IntersectionObserver; entries: Map<Element, Entry> };
const observers = new Map<string, Watched>();

function watchedOf(margin: string): Watched {
  const existing = observers.get(margin);
  if (existing !== undefined) {
    return existing;
  }
  const entries = new Map<Element, Entry>();
  const observer = new IntersectionObserver(
    (records) => {
      for (const record of records) {
        const entry = entries.get(record.target);
        if (entry === undefined || (entry.isKnown && entry.isOnScreen === record.isIntersecting)) {
          continue;
        }
        entry.isKnown = true;
        entry.isOnScreen = record.isIntersecting;
        for (const listener of entry.listeners) {
          listener(record.isIntersecting);
        }
      }
    },
    { rootMargin: margin },
  );
  const watched = { observer, entries };
  observers.set(margin, watched);
  return watched;
}

/**
 * Calls `onChange` with whether the element is within `margin` of the viewport: at each change, and first now
 * (true until the observer's first word) or, with `waitForFirst`, only once the observer has spoken of it.
 * Without IntersectionObserver it is always on screen. Answers the function that stops.
 */
export function watchOnScreen(
  element: Element,
  onChange: Listener,
  { margin = ON_SCREEN_MARGIN, waitForFirst = false }: { margin?: string; waitForFirst?: boolean } = {},
): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onChange(true);
    return () => {};
  }
  const { observer, entries } = watchedOf(margin);
  let entry = entries.get(element);
  if (entry === undefined) {
    entry = { isOnScreen: true, isKnown: false, listeners: new Set() };
    entries.set(element, entry);
    observer.observe(element);
  }
  const watched = entry;
  watched.listeners.add(onChange);
  if (watched.isKnown || !waitForFirst) {
    onChange(watched.isOnScreen);
  }
  return () => {
    watched.listeners.delete(onChange);
    if (watched.listeners.size === 0) {
      entries.delete(element);
      observer.unobserve(element);
    }
  };
}
