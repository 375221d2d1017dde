/**
 * Tells whether an element is on screen, within a margin: for the groups of cards, whose cards are mounted only
 * within a margin of the viewport (cards-window.ts), and for each mounted card, which writes live readings only
 * while it is on screen. Readings written or cards kept further off would cost layout and paint for nothing
 * seen (docs/performance.md 'Live dashboard').
 *
 * Not an IntersectionObserver: the browser computes every observer's targets at every frame in which anything
 * was laid out, so each second's new readings paid for the 120-odd groups of a 500-sensor device (0.3 ms a
 * frame). An element's place changes only when the page scrolls, the window resizes or the page's height
 * changes, so it is measured then, once a frame at most, and a frame that only writes readings measures
 * nothing.
 */
type Listener = (isOnScreen: boolean) => void;

/** How far beyond the viewport, above and below, an element still counts as on screen (px). */
export type Margin = (viewportHeight: number) => number;

/**
 * Live readings: a little beyond the viewport. A card is measured before the frame that scrolls it in, and
 * catches up from the store in that frame, so no wider margin is needed for it to show fresh.
 */
export const ON_SCREEN_MARGIN: Margin = () => 50;
/** A group's cards are in the DOM within half a screen of the viewport (cards-window.ts). */
export const MOUNT_MARGIN: Margin = (viewportHeight) => viewportHeight / 2;

/** `isKnown`: it has been measured since it was first watched. */
type Entry = { isOnScreen: boolean; isKnown: boolean; listeners: Set<Listener> };

const watched = new Map<Margin, Map<Element, Entry>>();
let frame: number | null = null;
let stopTriggers: (() => void) | null = null;

/** Whether the element's box is within `margin` px of the viewport, above or below. */
export function isWithin(
  rect: Pick<DOMRect, 'top' | 'bottom'>,
  viewportHeight: number,
  margin: number,
): boolean {
  return rect.bottom > -margin && rect.top < viewportHeight + margin;
}

function measure(): void {
  frame = null;
  const viewportHeight = window.innerHeight;
  for (const [margin, entries] of watched) {
    const px = margin(viewportHeight);
    for (const [element, entry] of entries) {
      const isOnScreen = element.isConnected && isWithin(element.getBoundingClientRect(), viewportHeight, px);
      if (entry.isKnown && entry.isOnScreen === isOnScreen) {
        continue;
      }
      entry.isKnown = true;
      entry.isOnScreen = isOnScreen;
      for (const listener of [...entry.listeners]) {
        listener(isOnScreen);
      }
    }
  }
}

/** Measures before the next frame is drawn, once however often asked. */
function scheduleMeasure(): void {
  frame ??= requestAnimationFrame(measure);
}

/** What moves an element on screen: a scroll (of the page or any box), a resize, the page's height. */
function startTriggers(): () => void {
  const options = { capture: true, passive: true };
  window.addEventListener('scroll', scheduleMeasure, options);
  window.addEventListener('resize', scheduleMeasure, options);
  const pageSize = new ResizeObserver(scheduleMeasure);
  pageSize.observe(document.body);
  return () => {
    window.removeEventListener('scroll', scheduleMeasure, options);
    window.removeEventListener('resize', scheduleMeasure, options);
    pageSize.disconnect();
    if (frame !== null) {
      cancelAnimationFrame(frame);
      frame = null;
    }
  };
}

/**
 * Calls `onChange` with whether the element is within `margin` of the viewport: at each change, and first now
 * (true until it is measured, before the next frame) or, with `waitForFirst`, only once it has been measured.
 * Where the browser cannot tell (no ResizeObserver: tests) it is always on screen. Answers the function
 * that stops.
 */
export function watchOnScreen(
  element: Element,
  onChange: Listener,
  { margin = ON_SCREEN_MARGIN, waitForFirst = false }: { margin?: Margin; waitForFirst?: boolean } = {},
): () => void {
  if (typeof ResizeObserver === 'undefined' || typeof requestAnimationFrame === 'undefined') {
    onChange(true);
    return () => {};
  }
  let entries = watched.get(margin);
  if (entries === undefined) {
    entries = new Map();
    watched.set(margin, entries);
  }
  let entry = entries.get(element);
  if (entry === undefined) {
    entry = { isOnScreen: true, isKnown: false, listeners: new Set() };
    entries.set(element, entry);
    stopTriggers ??= startTriggers();
    scheduleMeasure();
  }
  const current = entry;
  current.listeners.add(onChange);
  if (current.isKnown || !waitForFirst) {
    onChange(current.isOnScreen);
  }
  const own = entries;
  return () => {
    current.listeners.delete(onChange);
    if (current.listeners.size > 0 || own.get(element) !== current) {
      return;
    }
    own.delete(element);
    if (own.size === 0) {
      watched.delete(margin);
    }
    if (watched.size === 0) {
      stopTriggers?.();
      stopTriggers = null;
    }
  };
}
