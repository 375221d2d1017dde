import { VISUAL_MESSAGES } from '@vigil/contracts';
import { App } from 'antd';
import { useCallback, useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';

/**
 * Asks VISUAL_MESSAGES.unsaved before leaving the editor with changes (M section 4 'Schema'): any navigation of
 * the app (CANCEL, a tab of the strip, the sidebar, a link) and closing or reloading the browser tab. The app runs
 * under a BrowserRouter, where react-router's useBlocker does not work, so the router's navigator is wrapped while
 * the editor is open; the browser's Back button is not caught (docs/visual-dashboard.md 'Web: editor').
 */
export function useUnsavedGuard(isDirty: () => boolean) {
  const { modal } = App.useApp();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const isOn = useRef(true);
  const dirty = useRef(isDirty);
  dirty.current = isDirty;

  const confirmLeave = useCallback(
    (leave: () => void) => {
      if (!isOn.current || !dirty.current()) {
        leave();
        return;
      }
      modal.confirm({
        title: VISUAL_MESSAGES.unsaved,
        okText: 'Leave without saving',
        cancelText: 'Stay',
        onOk: () => {
          isOn.current = false;
          leave();
        },
      });
    },
    [modal],
  );

  useEffect(() => {
    const { push, replace } = navigator;
    navigator.push = (...args) => confirmLeave(() => push(...args));
    navigator.replace = (...args) => confirmLeave(() => replace(...args));
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      if (isOn.current && dirty.current()) {
        event.preventDefault();
      }
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => {
      navigator.push = push;
      navigator.replace = replace;
      window.removeEventListener('beforeunload', handleBeforeUnload);
    };
  }, [navigator, confirmLeave]);

  /** After a save the page leaves on its own: nothing is lost. */
  const release = useCallback(() => {
    isOn.current = false;
  }, []);
  return { release };
}
