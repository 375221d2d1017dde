import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTimedValue } from '../../hooks/useTimedValue';
import { ALERT_RESET_MS } from '../../messages';

export type FlatpageNotice = { type: 'success' | 'error'; text: string };
/** Navigation state the editor hands to the list after a save. */
export type FlatpagesListState = { notice?: string };

/** The list's 5 s alert: its own messages, or the one the editor passed along when it returned here. */
export function useFlatpageNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = useTimedValue<FlatpageNotice>(ALERT_RESET_MS);
  const passed = (location.state as FlatpagesListState | null)?.notice;
  const { show } = notice;
  useEffect(() => {
    if (passed !== undefined) {
      show({ type: 'success', text: passed });
      navigate(location.pathname, { replace: true, state: null });
    }
  }, [passed, show, navigate, location.pathname]);
  return notice;
}
