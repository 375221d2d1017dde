import { Alert } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ALERT_RESET_MS } from '../../../messages';

export type Notice = { text: string; type: 'success' | 'error' | 'warning'; durationMs: number };

/** Navigation state a page hands to the next one, to show there (e.g. after a removal). */
export type NoticeState = { notice?: Notice };

/**
 * An alert text that clears itself after its own duration (A section 9: 5 s, user alerts 10 s);
 * picks up a notice handed over through navigation state once.
 */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const passed = (location.state as NoticeState | null)?.notice;

  useEffect(() => {
    if (notice === null) {
      return;
    }
    const timer = setTimeout(() => setNotice(null), notice.durationMs);
    return () => clearTimeout(timer);
  }, [notice]);

  useEffect(() => {
    if (passed !== undefined) {
      setNotice(passed);
      navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, [passed, navigate, location.pathname, location.search]);

  const show = useCallback(
    (text: string, type: Notice['type'] = 'success', durationMs: number = ALERT_RESET_MS) =>
      setNotice({ text, type, durationMs }),
    [],
  );
  const clear = useCallback(() => setNotice(null), []);
  return { notice, show, clear };
}

export function NoticeAlert({ notice }: { notice: Notice | null }) {
  if (notice === null) {
    return null;
  }
  return (
    <Alert
      type={notice.type}
      showIcon
      title={notice.text}
      className="form-alert"
      role="alert"
      data-testid="sites-alert"
    />
  );
}
