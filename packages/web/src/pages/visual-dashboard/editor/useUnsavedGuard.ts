import { VISUAL_MESSAGES } from '@vigil/contracts';
import { App } from 'antd';
import { useCallback, useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';
import { holdPopState } from '../../../routes/history-guard';
import { createPopGuard, historyIndexOf } from './pop-guard';

/**
 * Asks VISUAL_MESSAGES.unsaved before leaving the editor with changes (M section 4 'Schema'): any navigation of
 * the app (CANCEL, a tab of the strip, the sidebar, a link), the browser's Back and Forward buttons, and closing
 * or reloading the browser tab. The app runs under a BrowserRouter, where react-router's useBlocker does not
 * work: the router's navigator is wrapped while the editor is open, and `popstate` is decided on before the
 * router sees it (`pop-guard.ts`, `routes/history-guard.ts`; docs/visual-dashboard.md 'Web: editor').
 */
export function useUnsavedGuard(isDirty: () => boolean) {
  const { modal } = App.useApp();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const isOn = useRef(true);
  const dirty = useRef(isDirty);
  dirty.current = isDirty;

  const ask = useCallback(
    ({ onLeave, onStay }: { onLeave: () => void; onStay: () => void }) => {
      modal.confirm({
        title: VISUAL_MESSAGES.unsaved,
        okText: 'Leave without saving',
        cancelText: 'Stay',
        onOk: () => {
          isOn.current = false;
          onLeave();
        },
        onCancel: onStay,
      });
    },
    [modal],
  );

  const confirmLeave = useCallback(
    (leave: () => void) => {
      if (!isOn.current || !dirty.current()) {
        leave();
        return;
      }
      ask({ onLeave: leave, onStay: () => undefined });
    },
    [ask],
  );

  useEffect(() => {
    const { push, replace } = navigator;
    navigator.push = (...args) => confirmLeave(() => push(...args));
    navigator.replace = (...args) => confirmLeave(() => replace(...args));
    const handlePop = createPopGuard({
      editorIndex: historyIndexOf(window.history.state) ?? 0,
      go: (delta) => window.history.go(delta),
      shouldAsk: () => isOn.current && dirty.current(),
      ask,
    });
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      if (isOn.current && dirty.current()) {
        event.preventDefault();
      }
    };
    const releasePopState = holdPopState(handlePop);
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => {
      navigator.push = push;
      navigator.replace = replace;
      releasePopState();
      window.removeEventListener('beforeunload', handleBeforeUnload);
    };
  }, [navigator, confirmLeave, ask]);

  /** After a save the page leaves on its own: nothing is lost. */
  const release = useCallback(() => {
    isOn.current = false;
  }, []);
  return { release };
}
