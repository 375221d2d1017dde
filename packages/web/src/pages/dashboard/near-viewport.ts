/**
 * Tells when an element comes within a screen of the viewport and when it leaves it, through one shared
 * IntersectionObserver. The dashboard's cards write live readings only while near the viewport: a device of
 * 500 sensors changes a few hundred readings a second, of which a screenful is seen (docs/performance.md).
 */
type Watcher = (isNear: boolean) => void;

const watchers = new Map<Element, Watcher>();
let observer: IntersectionObserver | null = null;

function sharedObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        watchers.get(entry.target)?.(entry.isIntersecting);
      }
    },
    // A screen above and below: a card is painted before it scrolls into sight.
    { rootMargin: '100% 0px' },
  );
  return observer;
}

/**
 * Calls `onChange(true)` when the element comes near the viewport and `onChange(false)` when it leaves;
 * where the browser has no IntersectionObserver it is always near. Answers the function that stops watching.
 */
export function watchNearViewport(element: Element, onChange: Watcher): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onChange(true);
    return () => {};
  }
  const shared = sharedObserver();
  watchers.set(element, onChange);
  shared.observe(element);
  return () => {
    watchers.delete(element);
    shared.unobserve(element);
  };
}
