import { ANALYTICS_ALERT_DISMISS_MS, ANALYTICS_MESSAGES } from '@vigil/contracts';
import { useCallback } from 'react';
import { useNotice } from '../../../hooks/useNotice';

/** M section 8's two analytics alerts; a message from the server's answer replaces the error's text. */
export type AnalyticsAlertKind = 'error' | 'noDevice';

const TEXTS: Record<AnalyticsAlertKind, string> = {
  error: ANALYTICS_MESSAGES.fetchError,
  noDevice: ANALYTICS_MESSAGES.selectDevice,
};

/** The page's one alert, a warning (useNotice, by kind); it clears itself 5 s after it was last shown (M section 9). */
export function useAnalyticsAlert() {
  const { notice, show, clear } = useNotice(ANALYTICS_ALERT_DISMISS_MS);
  const showAlert = useCallback(
    (kind: AnalyticsAlertKind, message?: string) => show(message ?? TEXTS[kind], 'warning', { kind }),
    [show],
  );
  return { alert: notice, showAlert, clearAlert: clear };
}
