import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ALERT_RESET_MS } from '../messages';

export type NoticeType = 'success' | 'info' | 'warning' | 'error';

/** An alert shown on the page for a while (A section 9: 5 s, user alerts 10 s, activation 6 s). */
export type Notice = {
  type: NoticeType;
  text: string;
  /** A second line under the text. */
  description?: string;
  /** Which of a page's alerts this is, where the page tells them apart (the graph and analytics alerts). */
  kind?: string;
  durationMs: number;
};

export type NoticeOptions = Pick<Notice, 'description' | 'kind'> & { durationMs?: number };

export type ShowNotice = (text: string, type?: NoticeType, options?: NoticeOptions) => void;

/** Navigation state that hands a notice to the next page, which shows it once (e.g. after a removal). */
export type NoticeState = { notice?: Notice };

/** The state to navigate with so that the next page shows `text` as a success alert. */
export function noticeState(text: string, durationMs: number = ALERT_RESET_MS): NoticeState {
  return { notice: { type: 'success', text, durationMs } };
}

/**
 * The page's timed alert: `show` puts a text up for `durationMs` (or the time one notice asks for), showing it
 * again restarts the timer, and `clear` takes it down. With `fromNavigation`, a notice handed over through
 * navigation state (noticeState) is shown once, and the state is dropped so Back does not show it again.
 */
export function useNotice(durationMs: number = ALERT_RESET_MS, { fromNavigation = false } = {}) {
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    if (notice === null) {
      return;
    }
    const timer = setTimeout(() => setNotice(null), notice.durationMs);
    return () => clearTimeout(timer);
  }, [notice]);

  const show: ShowNotice = useCallback(
    (text, type = 'success', options = {}) =>
      setNotice({ type, text, ...options, durationMs: options.durationMs ?? durationMs }),
    [durationMs],
  );
  const clear = useCallback(() => setNotice(null), []);
  useHandedOverNotice(fromNavigation, setNotice);
  return { notice, show, clear };
}

function useHandedOverNotice(isOn: boolean, setNotice: (notice: Notice) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const passed = isOn ? (location.state as NoticeState | null)?.notice : undefined;
  useEffect(() => {
    if (passed !== undefined) {
      setNotice(passed);
      navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, [passed, setNotice, navigate, location.pathname, location.search]);
}
