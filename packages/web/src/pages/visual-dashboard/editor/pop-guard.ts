/**
 * The unsaved-changes guard's rule for the browser's Back and Forward buttons (M section 4 'Schema': leaving the
 * editor with unsaved changes asks for confirmation). The app runs under a BrowserRouter (a data router, whose
 * `useBlocker` does this, costs 16.5 kB gzipped on the visitor's first route: docs/decisions.md, issue 25), so the
 * editor listens to `popstate` before react-router does: when the person would leave with changes, the event is
 * kept from the router, the browser is sent back to the editor's entry, and the person is asked; leaving replays
 * the same step. The entries are told apart by react-router's history index (`history.state.idx`).
 */

/** What the guard needs of the browser and the page, so the rule is testable without either. */
export type PopGuardPorts = {
  /** The history index of the editor's own entry. */
  editorIndex: number;
  /** `window.history.go`. */
  go: (delta: number) => void;
  /** True while leaving would lose changes. */
  shouldAsk: () => boolean;
  /** Asks the person; exactly one of the two is called once they answer. */
  ask: (answer: { onLeave: () => void; onStay: () => void }) => void;
};

/** What to do with a `popstate` event: let react-router see it, or keep it from the router. */
export type PopDecision = 'pass' | 'swallow';

/** react-router's index of a history entry (`{idx}` in its state); null for an entry it did not make. */
export function historyIndexOf(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !('idx' in state)) {
    return null;
  }
  const { idx } = state as { idx: unknown };
  return typeof idx === 'number' && Number.isInteger(idx) ? idx : null;
}

/** A `popstate` handler (given the new entry's `history.state`) for one open editor. */
export function createPopGuard(ports: PopGuardPorts): (state: unknown) => PopDecision {
  let isReturning = false;
  let isAsking = false;
  let isLeaving = false;

  return (state) => {
    const index = historyIndexOf(state);
    if (isReturning) {
      // The step back to the editor's entry (or another Back pressed meanwhile: return from there too).
      if (index === ports.editorIndex) {
        isReturning = false;
      } else if (index !== null) {
        ports.go(ports.editorIndex - index);
      }
      return 'swallow';
    }
    if (isLeaving || index === null || index === ports.editorIndex || !ports.shouldAsk()) {
      return 'pass';
    }
    const target = index;
    isReturning = true;
    ports.go(ports.editorIndex - target);
    if (!isAsking) {
      isAsking = true;
      ports.ask({
        onLeave: () => {
          isAsking = false;
          isLeaving = true;
          ports.go(target - ports.editorIndex);
        },
        onStay: () => {
          isAsking = false;
        },
      });
    }
    return 'swallow';
  };
}
