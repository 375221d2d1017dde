import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in ResizeObserver: the page's height is never seen to change here. */
class FakeResizeObserver {
  observe() {}
  disconnect() {}
}

/** An element whose box the test moves (its top and bottom relative to the viewport, 900 px high). */
function box(top: number, height = 100) {
  const rect = { top, bottom: top + height };
  const element = {
    isConnected: true,
    getBoundingClientRect: () => rect,
    moveTo(nextTop: number) {
      rect.top = nextTop;
      rect.bottom = nextTop + height;
    },
  };
  return element as unknown as Element & { moveTo: (top: number) => void };
}

describe('watchOnScreen', () => {
  let frames: Array<() => void> = [];
  const nextFrame = () => {
    const due = frames;
    frames = [];
    for (const callback of due) {
      callback();
    }
  };
  // The tests run in Node: a window that scrolls and resizes, and a page body.
  let page = new EventTarget();
  const scroll = () => page.dispatchEvent(new Event('scroll'));

  beforeEach(() => {
    frames = [];
    page = Object.assign(new EventTarget(), { innerHeight: 900 });
    vi.stubGlobal('window', page);
    vi.stubGlobal('document', { body: {} });
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => {
      frames = [];
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('is on screen at once where the browser cannot tell', async () => {
    vi.stubGlobal('ResizeObserver', undefined);
    const { watchOnScreen } = await import('./on-screen');
    const seen: boolean[] = [];
    watchOnScreen(box(5000), (isOnScreen) => seen.push(isOnScreen));
    expect(seen).toEqual([true]);
  });

  it('measures a group once for all its cards before the next frame, tells each change, and stops with the last card', async () => {
    const { watchOnScreen } = await import('./on-screen');
    const group = box(1200);
    const other = box(300);
    const seen: string[] = [];
    const stopA = watchOnScreen(group, (on) => seen.push(`a ${on}`));
    const stopB = watchOnScreen(group, (on) => seen.push(`b ${on}`));
    watchOnScreen(other, (on) => seen.push(`other ${on}`));
    // Assumed on screen until measured, then told what the measure says.
    expect(seen.splice(0)).toEqual(['a true', 'b true', 'other true']);
    expect(frames).toHaveLength(1);
    nextFrame();
    expect(seen.splice(0)).toEqual(['a false', 'b false', 'other true']);

    // Nothing is measured until the page scrolls; then only changes are told.
    group.moveTo(920);
    scroll();
    scroll();
    expect(frames).toHaveLength(1);
    nextFrame();
    expect(seen.splice(0)).toEqual(['a true', 'b true']);
    group.moveTo(-200);
    scroll();
    nextFrame();
    expect(seen.splice(0)).toEqual(['a false', 'b false']);
    // A card mounted later starts with what was measured.
    const stopC = watchOnScreen(group, (on) => seen.push(`c ${on}`));
    expect(seen.splice(0)).toEqual(['c false']);

    stopA();
    stopB();
    stopC();
    group.moveTo(0);
    scroll();
    nextFrame();
    expect(seen).toEqual([]);
  });

  it('waits for the first measure when asked, with its own margin, then follows each change', async () => {
    const { MOUNT_MARGIN, ON_SCREEN_MARGIN, watchOnScreen } = await import('./on-screen');
    // Half a screen beyond the viewport counts for mounting; 200 px for live readings.
    const group = box(900 + 300);
    const mounted: boolean[] = [];
    const live: boolean[] = [];
    watchOnScreen(group, (on) => mounted.push(on), { margin: MOUNT_MARGIN, waitForFirst: true });
    watchOnScreen(group, (on) => live.push(on), { margin: ON_SCREEN_MARGIN });
    expect(mounted).toEqual([]);
    nextFrame();
    expect(mounted.splice(0)).toEqual([true]);
    expect(live.splice(0)).toEqual([true, false]);
    group.moveTo(900 + 500);
    page.dispatchEvent(new Event('resize'));
    nextFrame();
    expect(mounted.splice(0)).toEqual([false]);
    // Another watcher of the same group and margin hears what is known at once.
    watchOnScreen(group, (on) => mounted.push(on), { margin: MOUNT_MARGIN, waitForFirst: true });
    expect(mounted).toEqual([false]);
  });
});
