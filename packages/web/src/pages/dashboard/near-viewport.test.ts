import { afterEach, describe, expect, it, vi } from 'vitest';

type Callback = (entries: Array<{ target: object; isIntersecting: boolean }>) => void;

describe('watchNearViewport', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('is always near where the browser has no IntersectionObserver', async () => {
    const { watchNearViewport } = await import('./near-viewport');
    const seen: boolean[] = [];
    watchNearViewport({} as Element, (isNear) => seen.push(isNear));
    expect(seen).toEqual([true]);
  });

  it('tells each element its own changes through one shared observer, until it stops watching', async () => {
    const observers: Array<{ callback: Callback; observed: Set<object> }> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        readonly observed = new Set<object>();
        constructor(readonly callback: Callback) {
          observers.push(this);
        }
        observe(target: object) {
          this.observed.add(target);
        }
        unobserve(target: object) {
          this.observed.delete(target);
        }
      },
    );
    const { watchNearViewport } = await import('./near-viewport');
    const first = {} as Element;
    const second = {} as Element;
    const seen: string[] = [];
    const stopFirst = watchNearViewport(first, (isNear) => seen.push(`first ${isNear}`));
    watchNearViewport(second, (isNear) => seen.push(`second ${isNear}`));
    expect(observers).toHaveLength(1);
    const [observer] = observers;
    observer?.callback([
      { target: first, isIntersecting: true },
      { target: second, isIntersecting: false },
    ]);
    stopFirst();
    observer?.callback([{ target: first, isIntersecting: false }]);
    expect(seen).toEqual(['first true', 'second false']);
    expect(observer?.observed.has(first)).toBe(false);
    expect(observer?.observed.has(second)).toBe(true);
  });
});
