/**
 * Tells whether an element is on screen, within a margin: one IntersectionObserver for the page, one
 * observed element per group whose cards listen (not one per card). A card writes live readings only while its
 * group is on screen: the browser keeps the contents of groups up to about a screen beyond the viewport
 * unskipped (near-viewport.ts), and readings written there cost layout and paint for nothing seen
 * (docs/performance.md 'Live dashboard').
 */
type Listener = (isOnScreen: boolean) => void;
type Entry = { isOnScreen: boolean; listeners: Set<Listener> };

/** Beyond the viewport, so that a group scrolled in has caught up before it shows. */
export const ON_SCREEN_MARGIN = '200px 0px';

let observer: IntersectionObserver | null = null;
const entries = new Map<Element, Entry>();

function observerOf(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (records) => {
      for (const record of records) {
        const entry = entries.get(record.target);
        if (entry === undefined || entry.isOnScreen === record.isIntersecting) {
          continue;
        }
        entry.isOnScreen = record.isIntersecting;
        for (const listener of entry.listeners) {
          listener(record.isIntersecting);
        }
      }
    },
    { rootMargin: ON_SCREEN_MARGIN },
  );
  return observer;
}

/**
 * Calls `onChange` with whether the element is on screen: now (true until the observer's first word), then
 * at each change. Without IntersectionObserver it is always on screen. Answers the function that stops.
 */
export function watchOnScreen(element: Element, onChange: Listener): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onChange(true);
    return () => {};
  }
  let entry = entries.get(element);
  if (entry === undefined) {
    entry = { isOnScreen: true, listeners: new Set() };
    entries.set(element, entry);
    observerOf().observe(element);
  }
  const watched = entry;
  watched.listeners.add(onChange);
  onChange(watched.isOnScreen);
  return () => {
    watched.listeners.delete(onChange);
    if (watched.listeners.size === 0) {
      entries.delete(element);
      observer?.unobserve(element);
    }
  };
}
