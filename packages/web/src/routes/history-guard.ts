/**
 * Lets a page see the browser's Back and Forward (`popstate`) before react-router's BrowserRouter does, and keep
 * one from it: the editor's unsaved-changes guard (pages/visual-dashboard/editor/pop-guard.ts). Listeners on
 * `window` run in the order they were added, capture or not (Chromium), and the router adds its own when it
 * mounts: so this one is added once before the app renders, and pages hold it while they are open.
 */
export type PopStateHandler = (state: unknown) => 'pass' | 'swallow';

let held: PopStateHandler | null = null;

/** Called once in main.tsx, before the router mounts. */
export function installHistoryGuard(target: Window): void {
  target.addEventListener('popstate', (event) => {
    if (held?.(event.state) === 'swallow') {
      event.stopImmediatePropagation();
    }
  });
}

/** While held, `handler` decides on every `popstate` first; the answer releases it. One holder at a time. */
export function holdPopState(handler: PopStateHandler): () => void {
  held = handler;
  return () => {
    if (held === handler) {
      held = null;
    }
  };
}
