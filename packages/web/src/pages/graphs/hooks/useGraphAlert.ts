import { GRAPH_LIMITS, GRAPH_MESSAGES } from '@vigil/contracts';
import { useCallback } from 'react';
import { useNotice } from '../../../hooks/useNotice';

/** M section 4 'Graph page alert state': success, error, no device selected, time error; plus 'Select date!'. */
export type GraphAlertKind = 'success' | 'error' | 'noDevice' | 'timeError' | 'selectDate';

/** M section 8, verbatim: a fetch error and a missing device (or time) are warnings. */
const TEXTS: Record<GraphAlertKind, string> = {
  success: GRAPH_MESSAGES.success,
  error: GRAPH_MESSAGES.fetchError,
  noDevice: GRAPH_MESSAGES.selectDevice,
  timeError: GRAPH_MESSAGES.selectDevice,
  selectDate: GRAPH_MESSAGES.selectDate,
};

export type ShowGraphAlert = (kind: GraphAlertKind, message?: string) => void;

/** The page's one alert (useNotice, by kind); it clears itself 5 s after it was last shown (M section 9). */
export function useGraphAlert() {
  const { notice, show, clear } = useNotice(GRAPH_LIMITS.alertDismissMs);
  const showAlert: ShowGraphAlert = useCallback(
    (kind, message) =>
      // M section 8: a message stored from the server's answer overrides the default text.
      show(message ?? TEXTS[kind], kind === 'success' ? 'success' : 'warning', { kind }),
    [show],
  );
  return { alert: notice, showAlert, clearAlert: clear };
}
