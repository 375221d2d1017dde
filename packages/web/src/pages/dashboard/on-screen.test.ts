import { afterEach, describe, expect, it, vi } from 'vitest';

/** A stand-in IntersectionObserver: the test says which targets intersect. */
class FakeObserver {
  static last: FakeObserver | null = null;
  readonly observed = new Set<Element>();
  constructor(
    private readonly callback: (records: Array<{ target: Element; isIntersecting: boolean }>) => void,
    readonly options: { rootMargin?: string },
  ) {
    FakeObserver.last = this;
  }
  observe(target: Element) {
    this.observed.add(target);
  }
  unobserve(target: Element) {
    this.observed.delete(target);
  }
  tell(target: Element, isIntersecting: boolean) {
    this.callback([{ target, isIntersecting }]);
  }
}

describe('watchOnScreen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('is on screen at once without IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { watchOnScreen } = await import('./on-screen');
    const seen: boolean[] = [];
    watchOnScreen({} as Element, (isOnScreen) => seen.push(isOnScreen));
    expect(seen).toEqual([true]);
  });

  it('observes a group once for all its cards, tells each change, and stops with the last card', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { ON_SCREEN_MARGIN, watchOnScreen } = await import('./on-screen');
    const group = {} as Element;
    const other = {} as Element;
    const seen: string[] = [];
    const stopA = watchOnScreen(group, (on) => seen.push(`a ${on}`));
    const stopB = watchOnScreen(group, (on) => seen.push(`b ${on}`));
    watchOnScreen(other, (on) => seen.push(`other ${on}`));
    const observer = FakeObserver.last as FakeObserver;
    expect(observer.options.rootMargin).toBe(ON_SCREEN_MARGIN);
    expect(observer.observed.size).toBe(2);
    expect(seen.splice(0)).toEqual(['a true', 'b true', 'other true']);

    // The observer's first word is told (here what was assumed), later ones only when they change.
    observer.tell(group, true);
    expect(seen.splice(0)).toEqual(['a true', 'b true']);
    observer.tell(group, true);
    expect(seen.splice(0)).toEqual([]);
    observer.tell(group, false);
    expect(seen.splice(0)).toEqual(['a false', 'b false']);
    // A card mounted later starts with what the observer said.
    const stopC = watchOnScreen(group, (on) => seen.push(`c ${on}`));
    expect(seen.splice(0)).toEqual(['c false']);

    stopA();
    stopB();
    expect(observer.observed.has(group)).toBe(true);
    stopC();
    expect(observer.observed.has(group)).toBe(false);
    observer.tell(group, true);
    expect(seen).toEqual([]);
  });
});

describe('watchOnScreen for mounting', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("waits for the observer's first word when asked, with its own margin, then follows each change", async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { MOUNT_MARGIN, watchOnScreen } = await import('./on-screen');
    const group = {} as Element;
    const seen: boolean[] = [];
    watchOnScreen(group, (on) => seen.push(on), { margin: MOUNT_MARGIN, waitForFirst: true });
    const observer = FakeObserver.last as FakeObserver;
    expect(observer.options.rootMargin).toBe(MOUNT_MARGIN);
    expect(seen).toEqual([]);
    // The first word is told even when it says what was assumed.
    observer.tell(group, true);
    expect(seen.splice(0)).toEqual([true]);
    observer.tell(group, true);
    observer.tell(group, false);
    expect(seen.splice(0)).toEqual([false]);
    // Another watcher of the same group and margin hears what is known at once.
    watchOnScreen(group, (on) => seen.push(on), { margin: MOUNT_MARGIN, waitForFirst: true });
    expect(seen).toEqual([false]);
  });
});
