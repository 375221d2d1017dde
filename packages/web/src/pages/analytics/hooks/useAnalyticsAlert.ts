import { ANALYTICS_ALERT_DISMISS_MS, ANALYTICS_MESSAGES } from '@vigil/contracts';
import { useCallback } from 'react';
import { useTimedValue } from '../../../hooks/useTimedValue';

/** M section 8's two analytics alerts; a message from the server's answer replaces the error's text. */
export type AnalyticsAlertKind = 'error' | 'noDevice';
export type AnalyticsAlertShown = { kind: AnalyticsAlertKind; text: string };

const TEXTS: Record<AnalyticsAlertKind, string> = {
  error: ANALYTICS_MESSAGES.fetchError,
  noDevice: ANALYTICS_MESSAGES.selectDevice,
};

/** The page's one alert; it clears itself 5 s after it was last shown (M section 9). */
export function useAnalyticsAlert() {
  const { value, show, clear } = useTimedValue<AnalyticsAlertShown>(ANALYTICS_ALERT_DISMISS_MS);
  const showAlert = useCallback(
    (kind: AnalyticsAlertKind, message?: string) => show({ kind, text: message ?? TEXTS[kind] }),
    [show],
  );
  return { alert: value, showAlert, clearAlert: clear };
}
