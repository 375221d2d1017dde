/**
 * Spec texts the web needs that contracts does not hold yet (A sections 5 and 8).
 * They move to @vigil/contracts once the server validates the same forms; these already did.
 */
export {
  FEEDBACK_MESSAGE_MAX_LENGTH,
  FEEDBACK_MESSAGES,
  FEEDBACK_TOPICS,
  PASSWORD_MESSAGES,
  PASSWORD_RESET_MESSAGES,
  REGISTER_MESSAGES,
} from '@vigil/contracts';

/** Timers of A section 9: alerts and toasts close after ALERT_RESET_MS unless the spec names another time. */
export const ALERT_RESET_MS = 5_000;
export const LOGIN_ALERT_RESET_MS = 10_000;
/** Activation status texts and the password-field error alert (A sections 4 and 9). */
export const ACTIVATION_STATUS_RESET_MS = 6_000;
/** Alerts about assigned users stay 10 s (A section 9). */
export const USER_ALERT_RESET_MS = 10_000;

/** A's 'please select a location first': shown where a page needs a current site and none is chosen. */
export const SELECT_LOCATION_FIRST = 'please select a location first';

export const VISUAL_DASHBOARD_MESSAGES = {
  selectLocation: SELECT_LOCATION_FIRST,
} as const;
