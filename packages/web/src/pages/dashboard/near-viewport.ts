/**
 * Tells a card whether the browser draws it. Groups have `content-visibility: auto` (dashboard.module.css):
 * the browser skips the contents of a group far from the viewport and says so with one
 * `contentvisibilityautostatechange` event per group, so a card learns it from its groups' events instead of
 * an observer of its own (500 observed cards cost about 1.3 ms a frame, docs/performance.md). The dashboard's
 * cards write live readings only while none of their groups is skipped.
 */
type Watcher = (isNear: boolean) => void;

/** Marks an element whose contents the browser may skip (`content-visibility: auto`). */
const SKIPPABLE_ATTRIBUTE = 'data-skippable';

type Region = { isSkipped: boolean; watches: Set<Watch> };
type Watch = { regions: Region[]; isNear: boolean; onChange: Watcher };

const regions = new WeakMap<Element, Region>();

const isNearOf = (watch: Watch) => watch.regions.every((region) => !region.isSkipped);

function regionOf(element: Element): Region {
  const existing = regions.get(element);
  if (existing !== undefined) {
    return existing;
  }
  const region: Region = { isSkipped: false, watches: new Set() };
  regions.set(element, region);
  element.addEventListener('contentvisibilityautostatechange', (event) => {
    // The event bubbles: a nested group's skipping says nothing of this one's.
    if (event.target !== element) {
      return;
    }
    region.isSkipped = (event as Event & { skipped?: boolean }).skipped === true;
    for (const watch of region.watches) {
      const isNear = isNearOf(watch);
      if (isNear !== watch.isNear) {
        watch.isNear = isNear;
        watch.onChange(isNear);
      }
    }
  });
  return region;
}

/** The skippable elements holding `element`, nearest first. */
function skippableAncestors(element: Element): Element[] {
  const found: Element[] = [];
  let next = element.parentElement?.closest(`[${SKIPPABLE_ATTRIBUTE}]`) ?? null;
  while (next !== null) {
    found.push(next);
    next = next.parentElement?.closest(`[${SKIPPABLE_ATTRIBUTE}]`) ?? null;
  }
  return found;
}

/**
 * Calls `onChange` with whether the element is drawn: now, then each time one of its skippable groups starts
 * or stops skipping its contents. Where the browser sends no such events it is always near. Answers the
 * function that stops watching.
 */
export function watchNearViewport(element: Element, onChange: Watcher): () => void {
  if (typeof ContentVisibilityAutoStateChangeEvent === 'undefined') {
    onChange(true);
    return () => {};
  }
  const watch: Watch = { regions: skippableAncestors(element).map(regionOf), isNear: true, onChange };
  watch.isNear = isNearOf(watch);
  for (const region of watch.regions) {
    region.watches.add(watch);
  }
  onChange(watch.isNear);
  return () => {
    for (const region of watch.regions) {
      region.watches.delete(watch);
    }
  };
}
